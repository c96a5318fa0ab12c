"""Round 45 (review of f61e0254, its sibling on the monitor's Python face): a database URL that
prints as nothing is refused as an empty one by the audit on every face and by ``ethiclens
monitor --db ' '``, but ``MonitorRequest(..., db=' ')`` was taken, and the run refused it as
"the monitor computes days in SQLite and PostgreSQL only". It is refused when the request is
made, in the audit's words."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest


@pytest.mark.parametrize("db", [" ", "\u200b", "\u3164 "])
def test_a_blank_database_url_is_refused_as_empty(db):
    with pytest.raises(EthicLensInputError) as caught:
        MonitorRequest("sqlite:///x.sqlite", "t", "1d", "p", ("g",), db=db, table="preds")
    text = str(caught.value)
    assert text.startswith("argument 'db': must not be empty (it is only blanks)"), text
    assert "give a database URL" in text
