// The benchmark drivers' input: the non-empty lines of a file, read once before anything is timed
// or counted. Shared by the drivers that bench/*.sh compile against a build's libxfen.a.
#pragma once

#include <fstream>
#include <string>
#include <vector>

inline std::vector<std::string> read_record_lines(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}
