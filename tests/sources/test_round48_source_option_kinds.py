"""API battery (sources' exported helpers' optional arguments, round 48; siblings of the
10**5000 commit): counts_format(column=), counts_outputs(flag=) and env_db_url(flag=,
example=) given 10**5000, a set or bytes crashed (AttributeError 'startswith', 'unhashable
type', Python's int-to-text error); each refuses naming the argument."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import counts_format, counts_outputs, env_db_url

BIG = 10**5000


@pytest.mark.parametrize("bad", [BIG, {1, 2}, b"--x"], ids=["big", "set", "bytes"])
@pytest.mark.parametrize(
    "call, name",
    [
        (lambda bad: counts_format("c.csv", column=bad), "column"),
        (lambda bad: counts_outputs("c.csv", flag=bad), "flag"),
        (lambda bad: env_db_url("ETHICLENS_T_UNSET", flag=bad), "flag"),
        (lambda bad: env_db_url("ETHICLENS_T_UNSET", example=bad), "example"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name, bad):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'") as info:
        call(bad)
    assert "4300" not in str(info.value)


def test_text_answers_as_before(monkeypatch):
    monkeypatch.delenv("ETHICLENS_T_UNSET", raising=False)
    with pytest.raises(EthicLensInputError, match="option '--store-env'"):
        env_db_url("ETHICLENS_T_UNSET", "--store-env", "postgresql://u:p@h/db")
    assert counts_outputs("c.csv", "--out")
