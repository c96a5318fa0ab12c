"""An output that cannot be written leaves every other output written, the JSON report's
and the saved spec's failures included, and the refusal names each one not written."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, write_outputs

from ..conftest import full_disk_for


class _Table:  # what a threshold view's writers read of a result
    def to_json(self):
        return '{"kind": "thresholds"}'

    def to_csv(self):
        return "threshold,group\n0.5,a\n"


def _spec(tmp_path):
    outputs = {"json": str(tmp_path / "t.json"), "csv": str(tmp_path / "t.csv")}
    return AuditSpec.from_dict(
        {"target": {"file": "d.csv"}, "roles": {"y_score": "s"}, "outputs": outputs}
    )


def test_a_json_report_not_written_leaves_the_other_outputs_written(tmp_path, monkeypatch):
    full_disk_for(monkeypatch, "t.json")
    written = []
    with pytest.raises(EthicLensInputError, match=r"t\.json: could not be written"):
        for path in write_outputs(_Table(), _spec(tmp_path), "thresholds"):
            written.append(path)
    assert written == [str(tmp_path / "t.csv")]
    assert (tmp_path / "t.csv").read_text().startswith("threshold")
    assert not (tmp_path / "t.json").exists()


def test_each_output_not_written_is_named(tmp_path, monkeypatch):
    full_disk_for(monkeypatch, "t.json", "t.csv")
    with pytest.raises(EthicLensInputError) as info:
        list(write_outputs(_Table(), _spec(tmp_path), "thresholds"))
    assert "t.json: could not be written" in str(info.value)
    assert f"also not written: {tmp_path / 't.csv'} (--csv)" in str(info.value)
