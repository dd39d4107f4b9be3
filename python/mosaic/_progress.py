"""The ``progress=`` argument of the long calls (:func:`mosaic.sweep`, :func:`mosaic.design`,
:func:`mosaic.simulate`): a callable ``f(fraction, message)`` or a progress bar with tqdm's
``total`` and ``update(n)`` (a ``tqdm.tqdm`` instance works as it is).

The native call hands the library's figures over on the thread that called it, with the GIL
held: ``fraction`` in [0, 1], never decreasing, the last call at exactly 1.0 once the work is
done; ``message`` a short line such as ``"3/6 points, 1.2/s"``. An exception raised by the
callback stops the work (the points in flight of a sweep are still committed) and reaches the
caller unchanged.
"""


class Progress:
    """Adapts a ``progress=`` argument to the native calls' protocol: ``begin(steps)`` once before
    the work (``steps`` the number of units it has, 0 when not known in advance), then
    ``self(fraction, message)``."""

    def __init__(self, progress, function):
        self._bar = None
        self._call = None
        if hasattr(progress, "update") and hasattr(progress, "total"):
            self._bar = progress
        elif callable(progress):
            self._call = progress
        else:
            raise TypeError(f"{function}(): progress must be a callable f(fraction, message) or "
                            f"a progress bar with total and update(n) (tqdm), not "
                            f"{type(progress).__name__}")
        self._total = None
        self._shown = 0

    def begin(self, steps):
        if self._bar is None:
            return
        # A bar without a total counts the work's own units (a sweep's points), else percent.
        if not self._bar.total:
            self._bar.total = steps if steps > 0 else 100
            if hasattr(self._bar, "refresh"):
                self._bar.refresh()
        self._total = self._bar.total

    def __call__(self, fraction, message):
        if self._call is not None:
            self._call(fraction, message)
            return
        target = fraction * self._total
        if isinstance(self._total, int):
            target = min(self._total, int(round(target)))
        if hasattr(self._bar, "set_postfix_str"):
            self._bar.set_postfix_str(message, refresh=False)
        if target > self._shown:
            self._bar.update(target - self._shown)
            self._shown = target


def adapter(progress, function):
    """None, or the native calls' adapter of ``progress`` (TypeError naming ``function``)."""
    return None if progress is None else Progress(progress, function)
