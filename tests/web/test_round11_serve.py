"""``ethiclens serve`` whose history cannot be opened (round 11): refused in one line, exit 2,
and the start leaves nothing behind (no ``ethiclens-data/uploads`` folder)."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig, create_app

UNREACHABLE = "postgresql+psycopg://u:p@127.0.0.1:1/db"


@pytest.fixture
def no_server(monkeypatch):
    """A start that got past the store would serve forever: refuse that in the test instead."""
    import uvicorn

    def run(*args, **kwargs):
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn, "run", run)


def test_serve_with_an_unreachable_store_creates_no_folder(tmp_path, monkeypatch, capsys):
    pytest.importorskip("psycopg")
    monkeypatch.chdir(tmp_path)
    code = main(["serve", "--store", UNREACHABLE])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "cannot open the history database" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("no_server")
def test_a_nested_data_folder_is_not_left_behind(tmp_path, capsys):
    pytest.importorskip("psycopg")
    folder = tmp_path / "a" / "b" / "data"
    assert main(["serve", "--data-dir", str(folder), "--store", UNREACHABLE]) == 2
    assert list(tmp_path.iterdir()) == []


def test_a_failed_start_keeps_an_existing_data_folder(tmp_path):
    pytest.importorskip("psycopg")
    data = tmp_path / "data"
    (data / "uploads").mkdir(parents=True)
    (data / "mine.csv").write_text("a\n1\n")
    with pytest.raises(EthicLensInputError):
        create_app(WebConfig(data_dir=data, store=UNREACHABLE))
    assert sorted(p.name for p in data.iterdir()) == ["mine.csv", "uploads"]


def test_a_store_that_is_a_folder_leaves_no_data_folder(tmp_path):
    """A SQLite store that cannot be opened (a folder there; the CLI refuses it before) leaves
    no folder either."""
    (tmp_path / "store.sqlite").mkdir()
    with pytest.raises(Exception):  # noqa: B017 - whichever error, the folders are undone
        create_app(WebConfig(data_dir=tmp_path / "data", store=tmp_path / "store.sqlite"))
    assert not (tmp_path / "data").exists()


def test_a_store_that_opens_makes_the_folders(tmp_path):
    app = create_app(WebConfig(data_dir=tmp_path / "data"))
    assert (tmp_path / "data" / "uploads").is_dir()
    assert (tmp_path / "data" / "ethiclens-web.sqlite").is_file()
    app.app.state.runner.shutdown()
