#!/usr/bin/env python3
"""Time to the first streamed byte, for scripts/bench/ai: runs a command RUNS times and prints
the median and p90 milliseconds from starting it to the first byte on its standard output.
  ai-first-token.py RUNS STDIN-FILE COMMAND ARG..."""
import statistics
import subprocess
import sys
import time


def first_byte_ms(command, stdin_bytes):
    started = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdin.write(stdin_bytes)
    process.stdin.close()
    first = process.stdout.read(1)
    elapsed = (time.monotonic() - started) * 1000
    process.stdout.read()
    if process.wait() != 0 or not first:
        sys.exit(f"{command[0]} failed")
    return elapsed


def main():
    runs, stdin_file, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    stdin_bytes = open(stdin_file, "rb").read()
    first_byte_ms(command, stdin_bytes)  # warm the page cache
    times = sorted(first_byte_ms(command, stdin_bytes) for _ in range(runs))
    print(f"{statistics.median(times):.2f} {times[int(len(times) * 0.9) - 1]:.2f}")


main()
