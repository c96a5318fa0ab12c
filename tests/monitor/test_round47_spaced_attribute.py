"""Round 47: the monitor refused an attribute with whitespace around its name that the audit
finds: run_monitor(MonitorRequest(..., protected=(" g",))) on a file whose column is ' g' said
"column 'g' not found ... did you mean ' g'?" (the name was stripped unless it held '=' or
printed blank: the target's columns were never read), while ``ethiclens audit --protected ' g'``
matches the column whole. Both now read it as spec.parse_protected does, against the target's
columns: the column ' g' whole; ' g' over a file whose column is 'g' still reads 'g'."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _csv(tmp_path, column: str):
    rows = [f"t,y,p,{column}"]
    rows += [
        f"2024-01-0{d + 1}T0{i}:00:00Z,{i % 2},{(i // 2) % 2},{'ab'[i % 2]}"
        for d in range(3)
        for i in range(8)
    ]
    (tmp_path / "d.csv").write_text("\n".join(rows) + "\n")
    return str(tmp_path / "d.csv")


def _python(target, store, protected):
    request = MonitorRequest(
        target=target,
        time="t",
        window="1d",
        y_true="y",
        y_pred="p",
        protected=(protected,),
        n_draws=100,
    )
    return [c["attribute"] for c in run_monitor(request, store, warn=False).data["comparisons"]]


def _cli(target, store, protected):
    out = store.with_suffix(".json")
    args = ["monitor", target, "--time", "t", "--window", "1d", "--y-true", "y", "--y-pred"]
    args += ["p", "--protected", protected, "--store", str(store), "--n-boot", "100"]
    assert main([*args, "--json", str(out)]) == 0
    return [c["attribute"] for c in json.loads(out.read_text())["comparisons"]]


@pytest.mark.parametrize("face", [_python, _cli])
@pytest.mark.parametrize(("column", "given"), [(" g", " g"), (" g", " g=a"), ("g", " g")])
def test_a_spaced_attribute_is_matched_against_the_columns(tmp_path, face, column, given):
    target = _csv(tmp_path, column)
    assert face(target, tmp_path / "s.db", given) == [column]
    assert face(target, tmp_path / "s.db", given) == [column]  # the same store, run again


def test_a_baseline_refusal_quotes_a_spaced_attribute(tmp_path):
    """The baseline target's refusal named the attribute bare ('holds no rows of  g's compared
    groups'): ' g' read 'g'. It now quotes it, as the run's notes do."""
    target = _csv(tmp_path, " g")
    base = tmp_path / "b.csv"
    base.write_text("t,y,p, g\n2023-01-01T00:00:00Z,1,1,a\n2023-01-01T01:00:00Z,0,1,a\n")
    request = MonitorRequest(
        target=target, time="t", window="1d", y_true="y", y_pred="p",
        protected=(" g",), n_draws=100, baseline_target=str(base),
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(request, tmp_path / "s.db", warn=False)
    assert "holds no rows of ' g''s compared groups" in str(exc.value), exc.value
    assert "target's ' g' groups" in str(exc.value)


def test_another_request_names_a_spaced_attribute_of_the_stores_references(tmp_path):
    """'was written by another request' named the store's reference as ' g='a'' bare."""
    target = _csv(tmp_path, " g")
    _python(target, tmp_path / "s.db", " g")
    with pytest.raises(EthicLensInputError) as exc:
        _python(target, tmp_path / "s.db", " g=b")
    assert "the store's reference(s): ' g'='a'" in str(exc.value), exc.value
