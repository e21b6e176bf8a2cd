"""linkdoc for data pipelines: one long-lived `linkdoc compile --ndjson` per partition.

    from linkdoc import compile_partition
    for line in compile_partition([b'{"id": "a", "text": "请阅读《用户协议》"}'], manifest="linkdoc.json"):
        ...

`layout_partition` does the same with `linkdoc layout --ndjson` (heights, lines and link
rectangles of each record in its view). `linkdoc.spark` runs compile over a file or a DataFrame
with Apache Spark.
"""
from ._binary import find_binary
from ._stream import CRASH_RULE, LinkdocError, compile_chunks, compile_partition, compile_range, layout_chunks, layout_partition

__all__ = ["CRASH_RULE", "LinkdocError", "compile_chunks", "compile_partition", "compile_range", "find_binary",
           "layout_chunks", "layout_partition"]
