#!/usr/bin/env python3
"""Latency of read calls through heat-all (API -> RPC -> engine -> database), printed as figures.

Usage: .venv/bin/python tools/bench/api_latency.py [--requests N]
Starts heat-all on free ports with a fresh SQLite database, then times GET /stacks,
GET /services and the CFN ListStacks call sequentially; prints p50/p95/max in ms.
"""

import argparse
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import requests

BIN = pathlib.Path(sys.executable).parent


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_heat_all(workdir):
    ports = {"heat_api": free_port(), "heat_api_cfn": free_port()}
    config = workdir / "heat.conf"
    config.write_text(
        "[database]\nconnection = sqlite:///%s\n" % (workdir / "heat.sqlite")
        + "".join("[%s]\nbind_port = %d\n" % item for item in ports.items())
        + "[heat_all]\nenabled_services = engine,api,api_cfn\n"
    )
    log = (workdir / "heat-all.log").open("w")
    process = subprocess.Popen(
        [str(BIN / "heat-all"), "--config-file", str(config)], stdout=log, stderr=subprocess.STDOUT
    )
    base = "http://127.0.0.1:%d" % ports["heat_api"]
    for _ in range(300):
        try:
            requests.get(base + "/", timeout=1)
            break
        except requests.ConnectionError:
            time.sleep(0.1)
    return process, base, "http://127.0.0.1:%d/v1/" % ports["heat_api_cfn"]


def measure(session, url, count, params=None):
    times = []
    for _ in range(count):
        started = time.perf_counter()
        session.get(url, params=params, timeout=30).raise_for_status()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return (
        times[len(times) // 2],
        times[int(len(times) * 0.95) - 1],
        times[-1],
        statistics.mean(times),
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, api, cfn = start_heat_all(pathlib.Path(tmp))
        try:
            session = requests.Session()
            calls = [
                ("GET /v1/t/stacks", api + "/v1/t/stacks", None),
                ("GET /v1/t/services", api + "/v1/t/services", None),
                ("CFN ListStacks", cfn, {"Action": "ListStacks", "ContentType": "JSON"}),
            ]
            print("%-20s %8s %8s %8s %8s" % ("call", "p50 ms", "p95 ms", "max ms", "mean ms"))
            for name, url, params in calls:
                measure(session, url, 10, params)
                print(
                    "%-20s %8.1f %8.1f %8.1f %8.1f"
                    % (name, *measure(session, url, args.requests, params))
                )
        finally:
            process.terminate()
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
