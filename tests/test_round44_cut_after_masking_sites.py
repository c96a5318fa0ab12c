"""Round 44 (the class of 06167c3d/ae7706f6 at its remaining sites): a user's text was cut to
its first N characters and only then masked, so a URL whose '@' fell after the cut was no URL
to any pattern and its password was shown. A model's or a loader's error (probe --model, the
counterfactual probe, P2NIA's black box), an output's write error, an upload's file name and
unreadable body, a one-column CSV's header, a baseline given as
JSON text, a card's list where one text is expected and a model's unhashable answer: each is
masked first now (``_secrets.masked_cut``), then cut; a plain text is cut as before."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens._secrets import masked_cut
from ethiclens.errors import EthicLensInputError

PASSWORD = "Pw" * 200  # 400 characters: past every cut (300 at most)
URL = f"postgresql://u:{PASSWORD}@h/db"
SHOWN = "PwPwPw"


def _said(exc) -> str:
    return str(exc)


def test_masked_cut_masks_then_cuts():
    assert masked_cut(URL, 300) == "postgresql://u:***@h/db"
    assert masked_cut("x" * 400, 300) == "x" * 300  # a plain text: cut as before
    assert SHOWN not in masked_cut("a " * 20_000 + URL, 50_000)  # past the masked window: cut


def test_probe_model_loader_error(tmp_path, monkeypatch):
    from ethiclens.probes._entry import load_entry_point

    (tmp_path / "r44_loader_url.py").write_text(f"def load():\n    raise ValueError({URL!r})\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as caught:
        load_entry_point("r44_loader_url:load")
    assert SHOWN not in _said(caught.value) and "u:***@h/db" in _said(caught.value)


def test_counterfactual_model_error():
    from ethiclens.probes._counterfactual import _model_error

    text = _said(_model_error(object(), "predict", ValueError(URL + "\nmore")))
    assert SHOWN not in text and "u:***@h/db" in text


def test_p2nia_black_box_error_and_answer():
    from ethiclens.p2nia._blackbox import _answers, _predictions

    def predict(queries):
        raise RuntimeError(URL)

    with pytest.raises(EthicLensInputError) as caught:
        _answers(predict, pd.DataFrame({"a": [0]}))
    assert SHOWN not in _said(caught.value) and "u:***@h/db" in _said(caught.value)
    with pytest.raises(EthicLensInputError) as caught:  # an unhashable answer (cut to 40)
        _predictions(pd.Series([[f"u:{'Zk' * 30}@h"], [0]]), 2)
    assert "ZkZk" not in _said(caught.value)


def test_output_write_error(tmp_path):
    from ethiclens.spec._outputs import output_not_written

    text = _said(output_not_written(tmp_path / "r.html", OSError(URL), "--html"))
    assert SHOWN not in text and "u:***@h/db" in text


def test_upload_name_and_unreadable_body():
    from ethiclens.web._portable import portable_name
    from ethiclens.web._uploads import NAME_CHARS, display_name, unreadable

    name = display_name(f"dir/u:{PASSWORD}@host.example.org.csv")
    assert SHOWN not in name and len(name) <= NAME_CHARS and name.startswith("u:***@")
    assert SHOWN not in portable_name({"name": name, "kind": "csv"})
    assert display_name("a" * 200) == "a" * NAME_CHARS  # a plain name: cut as before
    assert SHOWN not in _said(unreadable(f"bad part {URL}"))


def test_data_file_one_column_header(tmp_path):
    from ethiclens.io import read_table

    one = tmp_path / "one.csv"
    one.write_text(f"a;{URL}\n1;2\n")
    with pytest.raises(EthicLensInputError) as caught:
        read_table(one)
    assert SHOWN not in _said(caught.value) and "u:***@h/db" in _said(caught.value)


def test_baseline_json_text_and_card_list():
    from ethiclens.fairness._gate import check_baseline_file
    from ethiclens.report._provenance import check_card_info

    with pytest.raises(EthicLensInputError) as caught:
        check_baseline_file('{"data": "postgresql://u:' + "Zk" * 30 + '@h"}')
    assert "ZkZk" not in _said(caught.value)
    with pytest.raises(EthicLensInputError) as caught:
        check_card_info({"model_details": {"name": ["a", URL]}})
    assert SHOWN not in _said(caught.value)


def test_dask_scheduler_refusal(monkeypatch):
    from types import SimpleNamespace

    from ethiclens.sources import _dask

    def refuse(*args, **kwargs):
        raise OSError(f"Timed out trying to connect to {URL}")

    # distributed's Client refusing the scheduler (not imported: it takes a second)
    monkeypatch.setattr(_dask, "require", lambda *a, **k: SimpleNamespace(Client=refuse))
    with pytest.raises(EthicLensInputError) as caught, _dask.dask_scheduler("tcp://127.0.0.1:1"):
        pass
    assert SHOWN not in _said(caught.value) and "u:***@h/db" in _said(caught.value)


def test_spark_master_refusal(monkeypatch):
    pyspark_errors = pytest.importorskip("pyspark.errors")
    from ethiclens.sources import _spark

    class Settings:
        def getOrCreate(self):  # noqa: N802 - Spark's own name
            raise pyspark_errors.PySparkRuntimeError(message=f"java.lang.Exception: {URL}")

    monkeypatch.setattr(_spark, "session_settings", lambda master: Settings())
    with pytest.raises(EthicLensInputError) as caught:
        _spark._started("local[2]")
    assert SHOWN not in _said(caught.value) and "u:***@h/db" in _said(caught.value)


def test_monitor_store_request_edited(tmp_path):
    from ethiclens.monitor._store import Store

    store = Store.open(tmp_path / "s.db")
    store.begin()  # its tables
    store.set_meta("request", {"data": "a.csv"})
    with pytest.raises(EthicLensInputError) as caught:  # the stored setting edited by hand
        store.check_request_digest({"data": f"postgresql://u:{'Zk' * 30}@h/db"})
    store.db.con.close()
    assert "ZkZk" not in _said(caught.value) and "u:***@h/db" in _said(caught.value)
