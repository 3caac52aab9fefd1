#include "io/io_error.hpp"

#include <cstring>

#include <xfen/message.hpp>

namespace xfen::io {

std::string_view io_code_name(IoOperation operation) noexcept {
  switch (operation) {
    case IoOperation::open: return "io.open";
    case IoOperation::read: return "io.read";
    case IoOperation::write: return "io.write";
  }
  return "io.read";
}

std::string io_error_message(const IoError& error) {
  std::string message;
  switch (error.operation) {
    case IoOperation::open: message = "cannot open "; break;
    case IoOperation::read: message = "cannot read "; break;
    case IoOperation::write: message = "cannot write "; break;
  }
  message += xfen::printable(error.name);
  message += ": ";
  message += std::strerror(error.error_number);
  return message;
}

}  // namespace xfen::io
