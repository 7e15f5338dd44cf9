"""The code ``_records.dataclass`` reads (``_records``); written by ``scripts/precomputed.py``."""
