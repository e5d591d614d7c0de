"""deploy/k8s/proxy-configmap.yaml from deploy/nginx.conf: the pod's proxy configuration.

    python deploy/proxy_configmap.py --write   # after an edit of deploy/nginx.conf or
                                               # of DOKO_CORS_ORIGINS in the deployment

Without --write it prints the ConfigMap; tests/test_deploy.py checks the file is current.
The copy is deploy/nginx.conf with one change: where the web container sets
DOKO_CORS_ORIGINS (deploy/k8s/deployment.yaml), the proxy's own errors carry CORS's
headers for the same origins (the maps between ``# cors:start`` and ``# cors:end``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONF = HERE / "nginx.conf"
CONFIGMAP = HERE / "k8s" / "proxy-configmap.yaml"
DEPLOYMENT = HERE / "k8s" / "deployment.yaml"
CORS_ENV = "DOKO_CORS_ORIGINS"

HEAD = """\
# deploy/nginx.conf for the pod's proxy container, with the CORS origins of the web
# container's DOKO_CORS_ORIGINS (tests/test_deploy.py checks that this copy is current;
# after an edit of either, regenerate it with python deploy/proxy_configmap.py --write).
apiVersion: v1
kind: ConfigMap
metadata:
  name: doko-service-proxy
  labels:
    app.kubernetes.io/name: doko-service
    app.kubernetes.io/component: api
    app.kubernetes.io/part-of: doko
data:
  nginx.conf: |
"""
# An origin as a browser sends it: scheme, host, an optional port (no path, no quotes).
ORIGIN = re.compile(r"[a-z][a-z0-9+.-]*://[A-Za-z0-9.-]+(:[0-9]{1,5})?|null")
CORS_BLOCK = re.compile(r"(    # cors:start\n).*?(    # cors:end\n)", re.S)


def origins(setting: str) -> list[str]:
    """The origins of a DOKO_CORS_ORIGINS value, as service/api/cors.py reads them."""
    found = [o.strip().rstrip("/") for o in setting.split(",") if o.strip()]
    for origin in found:
        if not ORIGIN.fullmatch(origin):
            raise ValueError(f"{CORS_ENV}: {origin!r} is not an origin (scheme://host:port)")
    return sorted(set(found))


def nginx_conf(allowed: Iterable[str] = ()) -> str:
    """deploy/nginx.conf with the CORS origins ``allowed`` (none: the file as it is)."""
    text = CONF.read_text()
    allowed = list(allowed)
    if not allowed:
        return text
    lines = "".join(f'        "~^{re.escape(o)}$" $http_origin;\n' for o in allowed)
    maps = ("    map $http_origin $doko_cors_origin {\n        default \"\";\n" + lines
            + "    }\n    map $http_origin $doko_cors_vary {\n        default \"Origin\";\n"
            "    }\n")
    text, found = CORS_BLOCK.subn(lambda m: m.group(1) + maps + m.group(2), text)
    assert found == 1, "deploy/nginx.conf has no cors:start/cors:end block"
    return text


def deployment_origins() -> list[str]:
    """The origins the web container of deploy/k8s/deployment.yaml allows (none if it
    does not set DOKO_CORS_ORIGINS)."""
    import yaml

    deployment = yaml.safe_load(DEPLOYMENT.read_text())
    for container in deployment["spec"]["template"]["spec"]["containers"]:
        for variable in container.get("env") or ():
            if variable.get("name") == CORS_ENV:
                return origins(str(variable.get("value", "")))
    return []


def configmap() -> str:
    lines = nginx_conf(deployment_origins()).splitlines(keepends=True)
    return HEAD + "".join("    " + line if line.strip() else "\n" for line in lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        CONFIGMAP.write_text(configmap())
    else:
        sys.stdout.write(configmap())
