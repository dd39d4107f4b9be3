// Compiled into a layer library that has no sources of its own yet.
