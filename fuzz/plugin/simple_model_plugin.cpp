// The default plug-in: the simple model of strict X-FEN (fuzz/simple_model.hpp), written from
// SPEC alone and sharing no code with xfen's core. Built with it, the `plugin` fuzz target and
// `plugin_property` test the plug-in machinery itself: an implementation that follows SPEC must
// pass every record, as the `differential` target checks the model against the core directly.
#include <memory>

#include "simple_model_implementation.hpp"

std::unique_ptr<xfen::plugin::Implementation> xfen::plugin::make_implementation() {
  return std::make_unique<SimpleModelImplementation>();
}
