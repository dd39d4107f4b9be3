#include "mosaic/phy/mc/symbol_receiver.hpp"

namespace mosaic::phy::mc {
namespace {

class SymbolReceiver final : public ReceivePath {
 public:
  SymbolReceiver(std::vector<const BitHistory*> sources, SymbolDecider decider)
      : sources_(std::move(sources)), starts_(sources_.size()), decider_(std::move(decider)) {}

 private:
  void receive(std::span<float> decisions, EyeHistogram*) override {
    for (std::size_t s = 0; s < sources_.size(); ++s) starts_[s] = sources_[s]->segment_start();
    decider_.process(starts_, decisions);
  }
  void restart() override { decider_.reset(); }
  long decided_from() const override { return decider_.first_bit(); }

  std::vector<const BitHistory*> sources_;
  std::vector<const float*> starts_;
  SymbolDecider decider_;
};

}  // namespace

std::unique_ptr<ReceivePath> make_symbol_receiver(std::vector<const BitHistory*> sources,
                                                  SymbolDecider decider) {
  return std::make_unique<SymbolReceiver>(std::move(sources), std::move(decider));
}

}  // namespace mosaic::phy::mc
