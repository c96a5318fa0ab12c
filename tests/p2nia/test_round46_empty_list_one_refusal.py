"""Round 46 (known item b): an empty list of groups or metrics was refused in two ways: a
request file's ``protected_domain: []`` (and Python's ``protected_domain=[]``) said "the
protected attribute 'sex' needs two or more groups", ``p2nia request --groups ''`` said "empty
item in a comma-separated list"; likewise ``metrics: []`` and ``--metrics ''``. Blank text is
the empty list on every face: one refusal, the value as each face gave it."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_request

BASE = "n: 100\nprotected: sex\nmechanism: grr\nepsilon: 1\n"


@pytest.mark.parametrize(
    "key,flag,other",
    [
        ("protected_domain", "--groups", ["--metrics", "dp"]),
        ("metrics", "--metrics", ["--groups", "F,M"]),
    ],
)
@pytest.mark.parametrize("blank", ["", " "])
def test_an_empty_list_is_one_refusal_on_every_face(tmp_path, capsys, key, flag, other, blank):
    (tmp_path / "q.yaml").write_text(f"{BASE}{key}: []\n")
    with pytest.raises(EthicLensInputError) as file:
        read_request(tmp_path / "q.yaml")
    with pytest.raises(EthicLensInputError) as python:
        make_request(100, "sex", epsilon=1, **{key: []})
    argv = ["p2nia", "request", "--n", "100", "--protected", "sex", "--epsilon", "1", *other]
    assert main([*argv, flag, blank, "--out", str(tmp_path / "q.json")]) == 2
    err = capsys.readouterr().err
    # the file's key says its file first, as the audit's config file does (key 'x': f: ...)
    assert file.value.problem == f"{tmp_path / 'q.yaml'}: {python.value.problem}"
    assert f"error: option '{flag}': {python.value.problem} (value: {blank!r})" in err, err
    assert file.value.fix in err and not (tmp_path / "q.json").exists()
    assert "warning" not in err


def test_python_metrics_text_that_is_blank_is_the_empty_list():
    with pytest.raises(EthicLensInputError) as text:
        make_request(100, "sex", epsilon=1, metrics=" ")
    with pytest.raises(EthicLensInputError) as empty:
        make_request(100, "sex", epsilon=1, metrics=[])
    assert text.value.column == "metrics" and text.value.problem == empty.value.problem


@pytest.mark.parametrize("blank", ["", " "])
def test_blackbox_and_estimate_read_blank_metrics_text_as_the_empty_list(blank):
    import numpy as np

    from ethiclens.p2nia import blackbox_audit, estimate, release

    from .conftest import audit_frame

    def answers(queries):
        return np.zeros(len(queries), dtype=int)

    req = make_request(100, "sex", epsilon=1, protected_domain=["F", "M"])
    with pytest.warns(UserWarning):  # seeded: said
        rel = release(req, audit_frame(200, 0), "y", "pred", random_state=0)
    calls = [
        lambda m: blackbox_audit(answers, {"sex": ["F", "M"]}, "sex", 100, metrics=m),
        lambda m: estimate(rel, metrics=m),
    ]
    for call in calls:
        with pytest.raises(EthicLensInputError) as text:
            call(blank)
        with pytest.raises(EthicLensInputError) as empty:
            call([])
        assert text.value.column == empty.value.column == "metrics"
        assert text.value.problem == empty.value.problem == "metrics must be a non-empty list"
