// The whole public API of the xfen library, but for xfen/ostream.hpp: printing is opt-in, so that
// <ostream> is paid for only where it is used, and a program that prints positions its own way
// (as properties/rapidcheck_choices.hpp does) can still include this.
#pragma once

#include "xfen/attacks.hpp"
#include "xfen/diagnostic.hpp"
#include "xfen/en_passant.hpp"
#include "xfen/en_passant_analysis.hpp"
#include "xfen/geometry.hpp"
#include "xfen/legality.hpp"
#include "xfen/message.hpp"
#include "xfen/parse.hpp"
#include "xfen/piece.hpp"
#include "xfen/pieces.hpp"
#include "xfen/position.hpp"
#include "xfen/position_builder.hpp"
#include "xfen/position_hash.hpp"
#include "xfen/position_value.hpp"
#include "xfen/square_name.hpp"
#include "xfen/start_position.hpp"
#include "xfen/style_names.hpp"
#include "xfen/validate.hpp"
#include "xfen/version.hpp"
#include "xfen/write.hpp"
