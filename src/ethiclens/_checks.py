"""Checks every entry point shares (one definition, one message): seeds, comma lists."""

from __future__ import annotations

import numpy as np

from .errors import EthicLensInputError


def check_seed(value, where: str = "random_state", *, allow_none: bool = False):
    """A seed is a non-negative integer (numpy refuses negative ones with a traceback)."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        raise EthicLensInputError(
            "must be a non-negative integer", column=where, value=value, fix="use e.g. 0"
        )
    return int(value)


def split_list(text: str, flag: str) -> list[str]:
    """A comma-separated option: items stripped; empty items refused."""
    items = [x.strip() for x in text.split(",")]
    if any(not x for x in items):
        raise EthicLensInputError(
            "empty item in a comma-separated list",
            column=flag,
            value=text,
            fix="separate items with single commas, e.g. a,b",
        )
    return items
