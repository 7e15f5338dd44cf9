"""``python -m wingbeat``: the same command as the ``wingbeat`` script."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":  # pragma: no branch
    main()
