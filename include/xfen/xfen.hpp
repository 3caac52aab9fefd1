// The whole public API of the xfen library.
#pragma once

#include "xfen/attacks.hpp"
#include "xfen/diagnostic.hpp"
#include "xfen/en_passant.hpp"
#include "xfen/en_passant_analysis.hpp"
#include "xfen/geometry.hpp"
#include "xfen/legality.hpp"
#include "xfen/parse.hpp"
#include "xfen/piece.hpp"
#include "xfen/position.hpp"
#include "xfen/position_value.hpp"
#include "xfen/style_names.hpp"
#include "xfen/write.hpp"
