"""WebConfig built in Python gets the same checks the CLI gives ``serve``'s flags: one line
naming the field, the value and the fix, before anything is written."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig, create_app


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"workers": 0}, "WebConfig.workers", "at least 1"),
        ({"workers": 1.5}, "WebConfig.workers", "whole number"),
        ({"queue": -1}, "WebConfig.queue", "at least 0"),
        ({"max_upload": -5}, "WebConfig.max_upload", "at least 1"),
        ({"pool": "bogus"}, "WebConfig.pool", "process"),
        ({"token": ""}, "WebConfig.token", "every request would be let in"),
        ({"token": "   "}, "WebConfig.token", "every request would be let in"),
    ],
)
def test_bad_settings_are_refused(tmp_path, kwargs, field, words):
    with pytest.raises(EthicLensInputError) as err:
        WebConfig(data_dir=tmp_path / "data", **kwargs)
    assert f"argument '{field}'" in str(err.value)
    assert words in str(err.value)
    assert not (tmp_path / "data").exists()


def test_store_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "folder").mkdir()
    with pytest.raises(EthicLensInputError, match="WebConfig.store.*is a folder"):
        WebConfig(data_dir=tmp_path / "data", store=tmp_path / "folder")
    assert not (tmp_path / "data").exists()


def test_data_dir_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(EthicLensInputError, match="WebConfig.data_dir.*is a file"):
        WebConfig(data_dir=tmp_path / "file")


def test_good_settings_start(tmp_path):
    config = WebConfig(
        data_dir=tmp_path / "data", workers=1, queue=0, pool="thread", token="t0k" * 6
    )
    app = create_app(config)
    assert app is not None
    assert (tmp_path / "data" / "ethiclens-web.sqlite").exists()
