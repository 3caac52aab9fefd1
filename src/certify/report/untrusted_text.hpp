// Bytes from the program under test (answers, stderr) and from the user (records, a command) as
// valid UTF-8 text that every report format can carry: JSON, XML 1.0 and HTML.
//
// The rule (docs/PROTOCOL.md "Reports"), lossless:
// - bytes that are valid UTF-8 and hold no character listed below are the text, unchanged;
// - otherwise the text is the escaped form: every byte that is not part of a well-formed UTF-8
//   sequence (Unicode table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), and
//   every byte of the characters listed below, is written `\xNN` (xfen::printable_byte: two
//   lower-case hex digits), and every backslash is written `\\`. Reading `\\` as `\` and `\xNN`
//   as the byte NN gives the bytes back.
// The characters escaped: the C0 controls but TAB and LF (U+0000-U+0008, U+000B-U+001F), DEL and
// the C1 controls (U+007F-U+009F), and U+FFFE and U+FFFF. XML 1.0 has no way to hold most of
// them, not even as a character reference; the others are invisible, or (CR) lost to a parser's
// line-end normalisation.
//
// A backslash is doubled only in the escaped form, so that the common case (an error message
// quoting `\x00` itself, a clean record) reads as it was written. Which form a text is in is
// therefore not visible in the text alone: each report says it (JSON's `*_base64` members, the
// HTML and JUnit "bytes escaped" notes).
#pragma once

#include <string>
#include <string_view>

namespace xfen::certify {

struct UntrustedText {
  std::string text;      // valid UTF-8, none of the escaped characters
  bool escaped = false;  // whether `text` is the escaped form (it differs from the bytes)
};

UntrustedText untrusted_text(std::string_view bytes);

// Text for an HTML page and the SVG inside it. There is no Debian C++ library for these few lines;
// this is the one place that writes character references.
// & < > " ' as character references: safe in element content and in quoted attribute values
// alike. `text` must already be valid UTF-8 without control characters (trusted text, or
// untrusted_text's).
std::string html_escape(std::string_view text);

// Bytes from the program under test or the user: untrusted_text's rule, then html_escape.
std::string html_text(std::string_view bytes);

// Base64 (RFC 4648, standard alphabet, with padding): the JSON report's exact copy of bytes that
// untrusted_text could only show escaped.
std::string base64(std::string_view bytes);

}  // namespace xfen::certify
