"""The code ``_records.dataclass`` reads (``_records``); written by ``scripts/precomputed.py``."""

#: The Python whose texts these are (another's may differ: compiled as before).
PYTHON = "3.11"
