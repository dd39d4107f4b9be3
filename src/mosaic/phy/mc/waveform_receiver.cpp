#include "mosaic/phy/mc/waveform_receiver.hpp"

#include "mosaic/phy/mc/eye_histogram.hpp"

namespace mosaic::phy::mc {
namespace {

class WaveformReceiver final : public ReceivePath {
 public:
  WaveformReceiver(std::span<const float> own, std::vector<std::span<const float>> neighbours,
                   Photodiode photodiode, SectionFilter filter, Noise noise,
                   WaveformDecider decider)
      : own_(own),
        neighbours_(std::move(neighbours)),
        photodiode_(std::move(photodiode)),
        filter_(std::move(filter)),
        noise_(std::move(noise)),
        decider_(std::move(decider)) {}

 private:
  void receive(std::span<float> decisions, EyeHistogram* eye) override {
    // Per-thread scratch: a segment's waveform is consumed before the next channel's starts.
    thread_local std::vector<float> x, y;
    x.resize(own_.size());
    y.resize(own_.size());
    // Without neighbours the photocurrent is the channel's own light: the filter reads it where
    // it lies rather than from a copy (a segment's 64 KiB at 16 samples per UI).
    std::span<const float> current = own_;
    if (!neighbours_.empty()) {
      photodiode_.process(own_, neighbours_, x);
      current = x;
    }
    filter_.process(current, x);
    noise_.process(x, y);
    decider_.process(y, decisions);
    if (eye) eye->process(y);
  }
  void restart() override {
    filter_.reset();
    noise_.reset();
    decider_.reset();
  }
  long decided_from() const override { return decider_.first_bit(); }

  std::span<const float> own_;
  std::vector<std::span<const float>> neighbours_;
  Photodiode photodiode_;
  SectionFilter filter_;
  Noise noise_;
  WaveformDecider decider_;
};

}  // namespace

std::unique_ptr<ReceivePath> make_waveform_receiver(std::span<const float> own,
                                                    std::vector<std::span<const float>> neighbours,
                                                    Photodiode photodiode, SectionFilter filter,
                                                    Noise noise, WaveformDecider decider) {
  return std::make_unique<WaveformReceiver>(own, std::move(neighbours), std::move(photodiode),
                                            std::move(filter), std::move(noise),
                                            std::move(decider));
}

}  // namespace mosaic::phy::mc
