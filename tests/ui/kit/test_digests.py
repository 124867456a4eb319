"""The start's digests are hashlib's, without importing it (ui/kit/digests.py)."""

import hashlib

import pytest

from ui.kit.digests import hexdigest


@pytest.mark.parametrize("name", ["sha1", "sha256"])
def test_a_start_digest_is_hashlibs(name):
    for data in (b"", b"/home/coach/Old World Classic.dugout", "Ångström|é".encode()):
        assert hexdigest(name, data) == hashlib.new(name, data).hexdigest()


def test_another_digest_is_refused():
    with pytest.raises(ValueError):
        hexdigest("md5", b"x")
