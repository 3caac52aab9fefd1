// Writing an output file so that it is either wholly there or not changed at all: the bytes go to
// a temporary file beside the target (mkstemp in the target's directory, so that rename(2) is
// atomic), which commit() writes out to the disk (fsync) and renames over the target; a run that
// fails, or an OutputFile destroyed without commit(), removes the temporary file and leaves the
// target as it was. The new file has the permissions of the one it replaces, or 0666 less the
// umask. A target that is not a regular file (/dev/null, a terminal, a pipe) cannot be replaced,
// so `-o` writes into it directly.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "io/byte_stream.hpp"
#include "io/io_error.hpp"

namespace xfen::io {

class OutputFile final : public ByteSink {
 public:
  enum class Mode : std::uint8_t {
    output,    // -o FILE: a new file, or one that is replaced; never one of the inputs
    in_place,  // the input itself, rewritten; a regular file
  };

  enum class Status : std::uint8_t {
    ok,
    io_error,         // `error` says which: the target's directory, the temporary file
    target_is_input,  // Mode::output: the target is `input` (the same file: device and inode)
    not_regular,      // Mode::in_place: the target is not a regular file (a directory, a FIFO)
  };

  struct Opened {
    Status status = Status::ok;
    IoError error{};         // io_error: an io.open error naming the target
    std::string_view input;  // target_is_input: the input, as named in `inputs`
  };

  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile() override;  // abandon() unless committed

  // Prepares writing `target` (as the user named it; symbolic links are followed, so a link stays
  // a link to the rewritten file). With Mode::output, refuses a target that is one of `inputs`
  // ("-" is standard input and never matches). Call once.
  Opened open(std::string_view target, Mode mode, std::span<const std::string> inputs = {});

  // ByteSink: the bytes of the new file.
  bool write(std::span<const char> bytes) override;
  int error() const noexcept override { return error_; }

  // Everything written reaches the disk and the new file takes the target's place. An io.write
  // error (the writes, fsync, close or rename failed) leaves the target as it was.
  std::optional<IoError> commit();

  // Removes the temporary file; the target is left as it was. Nothing to undo when writing
  // straight into a target that is not a regular file.
  void abandon() noexcept;

  // Whether the target existed when open() looked: a file left as it was, or one never made.
  bool target_existed() const noexcept { return target_existed_; }

 private:
  IoError write_error(int error_number) const noexcept {
    return {IoOperation::write, target_, error_number};
  }

  std::string target_;     // as named, for messages
  std::string final_path_;  // where the file goes: the target with its links followed
  std::string temporary_;  // the temporary file; empty when writing straight into the target
  int fd_ = -1;
  int error_ = 0;
  bool target_existed_ = false;
  bool committed_ = false;
};

}  // namespace xfen::io
