"""Inputs as the user names them on the command line: files, folders of files, or base64 only when
said so (`--base64 DATA` or a `Base64:` prefix, as libFuzzer prints it), so that a mistyped path is
an error, never a string of base64 that happens to decode and pass. And inputs as a person reads
them: escaped like a C string literal, as fuzz/fuzz_support.hpp's escaped() writes them."""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass
from pathlib import Path

from project import UsageError

SHOWN_BYTES = 2000
_BASE64_PREFIX = "Base64:"
_IGNORED_NAMES = {"README.md"}


@dataclass
class Input:
    name: str       # the path as given, or "base64 #N"
    data: bytes
    path: Path | None = None

    @property
    def sha1(self) -> str:
        return hashlib.sha1(self.data).hexdigest()


def escaped(data: bytes, limit: int = SHOWN_BYTES) -> str:
    out = []
    for byte in data[:limit]:
        if byte in (0x5C, 0x22):
            out.append("\\" + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append(f"\\x{byte:02x}")
    text = '"' + "".join(out) + '"'
    if len(data) > limit:
        text += f" ... ({len(data)} bytes, the first {limit} shown)"
    return text


def decode_base64(text: str, shown_as: str) -> bytes:
    cleaned = "".join(text.split())
    try:
        return base64.b64decode(cleaned, validate=True)
    except (binascii.Error, ValueError) as error:
        raise UsageError(f"{shown_as} is not valid base64 ({error})") from None


def files_of(folder: Path) -> list[Path]:
    """The inputs of a folder: its plain files, not dot files or README.md, sorted."""
    return sorted(path for path in folder.iterdir()
                  if path.is_file() and not path.name.startswith(".") and path.name not in _IGNORED_NAMES)


def collect(paths: list[str], base64_values: list[str]) -> list[Input]:
    """The inputs named by the arguments, in order; anything that cannot be read is an error."""
    inputs: list[Input] = []
    for argument in paths:
        if argument.startswith(_BASE64_PREFIX):
            inputs.append(Input(f"base64 #{len(inputs) + 1}", decode_base64(argument[len(_BASE64_PREFIX):], f"'{argument}'")))
            continue
        path = Path(argument)
        if path.is_dir():
            found = files_of(path)
            if not found:
                raise UsageError(f"{argument}: the folder holds no input files")
            inputs += [Input(str(file), file.read_bytes(), file) for file in found]
        elif path.is_file():
            inputs.append(Input(argument, path.read_bytes(), path))
        else:
            raise UsageError(f"{argument}: no such file or folder (to give the input itself, use "
                             "--base64 DATA or the 'Base64: DATA' line libFuzzer prints)")
    for value in base64_values:
        inputs.append(Input(f"base64 #{len(inputs) + 1}", decode_base64(value, "--base64 value")))
    return inputs
