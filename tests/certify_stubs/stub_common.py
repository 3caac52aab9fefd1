"""What the certify stubs share: the reference they take their right answers from, and the pid
file each process leaves so that a test can tell whether any outlived its run.

Every stub in this folder is an X-FEN implementation with one known fault, run by tests/certify_test.py
under `xfen certify` (combination_bugs.py by tests/certify_generate_test.py). Its right answers come from `xfen adapter` (run as a coprocess, one line sent,
one line read back), its wrong ones follow the one rule its header states, so a test can say which
verdict each case deserves.

The xfen binary is the first argument of every stub, or $XFEN when the argument is "-". When
$XFEN_STUB_PIDS names a folder, each stub writes a file there named after its pid, and one for its
adapter, holding the process's start time (field 22 of /proc/PID/stat) to tell it from a later
process given the same pid.
"""
import os
import subprocess
import sys


def record_pid(pid: int) -> None:
    folder = os.environ.get("XFEN_STUB_PIDS")
    if not folder:
        return
    with open(os.path.join(folder, str(pid)), "w", encoding="ascii") as f:
        f.write(start_time(pid) + "\n")


def start_time(pid: int) -> str:
    """Field 22 of /proc/PID/stat (after the command name, which may hold spaces), or ""."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[19].decode()
    except (OSError, IndexError):
        return ""


def xfen_path(argument: str) -> str:
    path = os.environ.get("XFEN", "") if argument == "-" else argument
    if not path:
        sys.exit("stub: no xfen binary (first argument, or $XFEN with '-')")
    return path


class Reference:
    """`xfen adapter OPTIONS…` as a coprocess: ask() sends one record and returns its answer line."""

    def __init__(self, xfen: str, *options: str) -> None:
        self.process = subprocess.Popen([xfen, "adapter", *options], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, bufsize=0)
        record_pid(self.process.pid)

    def ask(self, record: bytes) -> bytes:
        """The answer line to `record` (without its line feed), with its "\\n"."""
        self.process.stdin.write(record + b"\n")
        answer = self.process.stdout.readline()
        if not answer.endswith(b"\n"):
            sys.exit("stub: the reference adapter ended before answering")
        return answer

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def records():
    """The records of standard input, one per line, without the line feed."""
    record_pid(os.getpid())
    for line in sys.stdin.buffer:
        yield line[:-1] if line.endswith(b"\n") else line


def answer(line: bytes) -> None:
    sys.stdout.buffer.write(line)
    sys.stdout.buffer.flush()
