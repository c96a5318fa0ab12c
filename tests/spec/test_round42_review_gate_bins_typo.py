"""Round 42 review of the gate fixes. ``--bins`` splitting at the last "=" read an "=" typed
among the edges as part of ATTR: ``age=0,25=30,100`` was refused as binning a column
``age=0,25`` ("add --protected age=0,25"), and the web's bins box (``edges=`` + the text typed)
took ``0,25=3,50`` as the edges [3, 50] and ``=0,25,50`` as [0, 25, 50]. Such an ATTR (a comma,
or a trailing "=", and no known name) is now read as before: the edges' check names the bad
item. And the refusal of a registered name that is also a file names Python's way to the
dataset, which works."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, flag_value, parse_bins


@pytest.mark.parametrize("known", [None, {"age"}])
@pytest.mark.parametrize(("item", "bad"), [("age=0,25=30,100", "25=30"), ("age==0,25", "=0")])
def test_an_equals_sign_among_the_edges_is_named_as_an_edge(known, item, bad):
    with pytest.raises(EthicLensInputError, match="bin edges must be numbers") as err:
        flag_value("bins", (item,), "--bins", known)
    assert err.value.column == "--bins" and repr(bad) in str(err.value)


def test_the_web_box_text_with_an_equals_sign_is_not_read_as_other_edges():
    for text, bad in (("0,25=3,50", "'25=3'"), ("=0,25,50", "'=0'"), ("0,25,50=", "'50='")):
        (edges,) = parse_bins([f"edges={text}"]).values()  # the web box's own call
        assert bad in repr(edges)
    assert parse_bins(["a=b=0,25,50"]) == {"a=b": ["0", "25", "50"]}  # the gate's case kept
    assert parse_bins(["x,y=z=0,5"], {"x,y=z"}) == {"x,y=z": ["0", "5"]}  # a known name wins


def test_the_refusal_of_a_name_that_is_also_a_file_names_a_python_way_that_works(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    Path("compas").write_text("a\n1\n")
    with pytest.raises(EthicLensInputError, match="both a registered dataset") as err:
        AuditSpec.of("compas")
    assert "AuditSpec.of(dataset='compas')" in str(err.value)
    assert AuditSpec.of(dataset="compas").target.dataset == "compas"
