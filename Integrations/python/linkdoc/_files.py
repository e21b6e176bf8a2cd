"""Byte ranges of NDJSON files: cutting a file at line breaks, reading a range, counting lines."""
import os

#: Bytes read at a time.
READ_BYTES = 4 << 20


def split_ranges(path, partitions):
    """`partitions` byte ranges of the file at `path` of about equal size, each but the last
    ending just after a line break (some may be empty)."""
    size = os.path.getsize(path)
    bounds = [0]
    with open(path, "rb") as f:
        for k in range(1, partitions):
            position = max(size * k // partitions, bounds[-1], 1) - 1
            f.seek(position)
            while True:   # the first line break at or after `position`
                block = f.read(1 << 16)
                if not block:
                    position = size
                    break
                found = block.find(b"\n")
                if found >= 0:
                    position += found + 1
                    break
                position += len(block)
            bounds.append(max(position, bounds[-1]))
    bounds.append(size)
    return list(zip(bounds, bounds[1:]))


def read_range(path, start, end, block=READ_BYTES):
    """The bytes of `path` from `start` to `end`, in chunks of up to `block` bytes."""
    with open(path, "rb") as f:
        f.seek(start)
        left = end - start
        while left > 0:
            chunk = f.read(min(block, left))
            if not chunk:
                raise IOError("%s ended at byte %d, before %d: the file changed while it was read" % (path, end - left, end))
            left -= len(chunk)
            yield chunk


def count_lines(path, start=0, end=None):
    """The line breaks in bytes `start` to `end` (default: the end) of the file at `path`."""
    if end is None:
        end = os.path.getsize(path)
    return sum(chunk.count(b"\n") for chunk in read_range(path, start, end))


def offset_after_lines(path, start, end, lines):
    """The offset just after the `lines`-th line break at or after `start` (`end` when the range
    has fewer)."""
    offset = start
    for chunk in read_range(path, start, end):
        count = chunk.count(b"\n")
        if count < lines:
            lines -= count
            offset += len(chunk)
            continue
        position = -1
        for _ in range(lines):
            position = chunk.index(b"\n", position + 1)
        return offset + position + 1
    return end


def cut_after_last_line_break(path):
    """Truncates the file at `path` just after its last line break, dropping a line that was cut
    off (by a process killed while it wrote it)."""
    with open(path, "r+b") as f:
        position = f.seek(0, os.SEEK_END)
        keep = 0
        while position > 0:
            step = min(1 << 16, position)
            position -= step
            f.seek(position)
            found = f.read(step).rfind(b"\n")
            if found >= 0:
                keep = position + found + 1
                break
        f.truncate(keep)


def ends_with_line_break(path, end=None):
    """Whether the first `end` bytes (default: all) of the file at `path` are none or end with a
    line break."""
    with open(path, "rb") as f:
        if end is None:
            end = f.seek(0, os.SEEK_END)
        if end == 0:
            return True
        f.seek(end - 1)
        return f.read(1) == b"\n"
