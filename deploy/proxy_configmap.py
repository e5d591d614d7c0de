"""deploy/k8s/proxy-configmap.yaml from deploy/nginx.conf: the pod's proxy configuration.

    python deploy/proxy_configmap.py --write   # after an edit of deploy/nginx.conf

Without --write it prints the ConfigMap; tests/test_deploy.py checks the file is current.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONF = HERE / "nginx.conf"
CONFIGMAP = HERE / "k8s" / "proxy-configmap.yaml"

HEAD = """\
# deploy/nginx.conf for the pod's proxy container, as it is (tests/test_deploy.py checks
# that this copy equals the file; after an edit of the file, regenerate this one with
#   python deploy/proxy_configmap.py --write).
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


def configmap() -> str:
    lines = CONF.read_text().splitlines(keepends=True)
    return HEAD + "".join("    " + line if line.strip() else "\n" for line in lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        CONFIGMAP.write_text(configmap())
    else:
        sys.stdout.write(configmap())
