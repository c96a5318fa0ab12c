"""Siblings of the API battery's path and frame arguments (7d78f77e, ac765ce7) left out:
io.wide_text_error, refuse_repeated_parquet_names, repacked_parquet_error (a path),
check_roles and check_outputs (a dict), sources.parquet_key_types (a list of paths) given
None or a set crashed inside; each is refused naming its argument."""

import pytest

from ethiclens import io, sources
from ethiclens.errors import EthicLensInputError

CASES = {
    "wide_text_error": (lambda v: io.wide_text_error(v, b"a"), "path"),
    "wide_text_error_head": (lambda v: io.wide_text_error("a.csv", v), "head"),
    "refuse_repeated_parquet_names": (io.refuse_repeated_parquet_names, "path"),
    "repacked_parquet_error": (lambda v: io.repacked_parquet_error(v, "x"), "path"),
    "check_roles": (io.check_roles, "roles"),
    "check_outputs": (io.check_outputs, "outputs"),
    "parquet_key_types": (lambda v: sources.parquet_key_types(v, ["g"]), "files"),
}


@pytest.mark.parametrize("value", [None, {1, 2}])
@pytest.mark.parametrize("case", list(CASES))
def test_refused_by_the_argument_name(case, value):
    call, name = CASES[case]
    with pytest.raises(EthicLensInputError, match=f"^argument '{name}': must be"):
        call(value)


def test_valid_calls_answer_as_before(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n")
    assert io.wide_text_error(tmp_path / "d.csv", b"a,b\n1,2\n") is None
    io.check_outputs({"--json": str(tmp_path / "r.json")}, inputs=[str(tmp_path / "d.csv")])
    assert sources.parquet_key_types([], ["g"]) == {}
