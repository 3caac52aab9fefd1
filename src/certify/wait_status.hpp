// How a child process ended, in the words reports use: "exit status 3", "killed by signal 11
// (SIGSEGV)".
#pragma once

#include <string>

namespace xfen::certify {

// `status` as waitpid gives it.
std::string describe_wait_status(int status);
bool exited_with(int status, int code);

}  // namespace xfen::certify
