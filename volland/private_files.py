"""Files the product writes are private to the user that runs it.

The var folder holds the SQLite account store, the mail outbox (password-reset links), exports, logs and
the signing key. Every process started by ``volland`` (the server, the worker, the scheduler, operator
commands) and by ``make run`` sets the umask 077 before it writes anything, so new folders are created
0700 and new files 0600, and makes an existing var folder 0700 (docs/deployment.md, "File modes").
"""

from __future__ import annotations

import os
from pathlib import Path

UMASK = 0o077


def make_private(var_dir: Path, *, create: bool = False) -> None:
    """Set this process's umask to 077 (inherited by its children) and make ``var_dir`` 0700.

    ``create`` makes the folder (and missing parents, 0700 each) when it does not exist yet. A folder of
    another owner is left alone (only its owner or root may change its mode).
    """
    os.umask(UMASK)
    if create:
        var_dir.mkdir(parents=True, exist_ok=True)
    try:
        st = var_dir.stat()
    except FileNotFoundError:
        return
    if st.st_mode & 0o077 and st.st_uid == os.geteuid():
        os.chmod(var_dir, 0o700)
