"""Review of ef12e656 (its sibling): check_usable_db_url refused a database URL that is no
text, but sql_counts (and every query through sources._sql._run) still quoted SQLAlchemy's
parse error or Python's int-to-text limit as the URL's problem ("option '--db None': cannot
use this database URL: Expected string or URL object, got None"). Both say one refusal."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts


@pytest.mark.parametrize(
    "url, words",
    [
        (None, "not None. Fix"),
        (10**5000, "not int (value: 100000000000…000000 (5,001 digits))"),
        (b"sqlite://", "not bytes (value: b'sqlite://')"),
    ],
    ids=["none", "huge", "bytes"],
)
def test_sql_counts_refuses_a_url_that_is_no_text(url, words):
    with pytest.raises(EthicLensInputError) as info:
        sql_counts(url, Roles(y_pred="p", protected=["g"]), table="t")
    text = str(info.value)
    assert info.value.column == "--db"
    assert f"must be a database URL (text), {words}" in text
    assert "Expected string" not in text and "4300" not in text
