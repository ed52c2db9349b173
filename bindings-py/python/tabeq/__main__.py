"""``python -m tabeq``: the same program as the ``tabeq`` command."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
