"""Locust user for ``benchmarks/api.py``: one request, sent back to back (settings from the environment)."""

from __future__ import annotations

import os

from locust import constant, task
from locust.contrib.fasthttp import FastHttpUser

PATH = os.environ["BENCH_PATH"]
METHOD = os.environ.get("BENCH_METHOD", "GET")
BODY = os.environ.get("BENCH_BODY", "")
HEADERS = {"Authorization": f"Bearer {os.environ.get('BENCH_TOKEN', '')}", "Content-Type": "application/json"}


class OneRoute(FastHttpUser):
    wait_time = constant(0)

    @task
    def hit(self) -> None:
        if METHOD == "POST":
            with self.client.post(PATH, data=BODY, headers=HEADERS, name=PATH, catch_response=True) as r:
                if r.status_code != 200:
                    r.failure(f"status {r.status_code}")
        else:
            with self.client.get(PATH, headers=HEADERS, name=PATH, catch_response=True) as r:
                if r.status_code != 200:
                    r.failure(f"status {r.status_code}")
