"""Round 33: a data folder the server cannot make (a path under a file, a folder holding a file
named ``uploads``) stopped ``ethiclens serve`` with a traceback (NotADirectoryError,
FileExistsError; exit 1) and ``create_app`` with an OSError; and a data folder or store refused
by ``WebConfig``'s checks was named on the command line as the Python argument
(``argument 'WebConfig.data_dir'``), not the flag the user typed. Now: one line naming
``--data-dir`` (``WebConfig.data_dir`` in Python), exit 2, nothing left behind."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError

from .test_round12_web import _free_port

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.fixture
def no_start(monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")

    def started(*args, **kwargs):
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn, "run", started)


def _serve(capsys, *args) -> str:
    from ethiclens.cli import main

    assert main(["serve", *args, "--port", _free_port()]) == 2
    out, err = capsys.readouterr()
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.usefixtures("no_start")
def test_a_data_folder_under_a_file_is_refused_by_its_flag(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    line = _serve(capsys, "--data-dir", str(tmp_path / "afile" / "data"))
    assert line.startswith("error: option '--data-dir': cannot be made"), line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


@pytest.mark.usefixtures("no_start")
def test_a_data_folder_holding_a_file_named_uploads_is_refused_and_kept(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / "uploads").write_text("mine")
    line = _serve(capsys, "--data-dir", str(data))
    assert line.startswith("error: option '--data-dir': cannot be made"), line
    assert sorted(p.name for p in data.iterdir()) == ["uploads"]
    assert (data / "uploads").read_text() == "mine"


@pytest.mark.usefixtures("no_start")
def test_the_settings_checks_name_the_flag_on_the_command_line(tmp_path, capsys):
    line = _serve(capsys, "--data-dir", "/dev/null")
    assert line.startswith("error: option '--data-dir': is a file, not a folder"), line


def test_python_names_its_argument(tmp_path):
    from ethiclens.web import WebConfig, create_app

    (tmp_path / "afile").write_text("x")
    config = WebConfig(data_dir=tmp_path / "afile" / "data", pool="thread", workers=1)
    with pytest.raises(EthicLensInputError, match=r"argument 'WebConfig.data_dir': cannot be made"):
        create_app(config)
