#!/usr/bin/env python3
"""The browser terminal against a real demo server, in headless Chromium
driven by chromedriver over plain WebDriver HTTP (no Python packages).

    scripts/build-web.sh
    scripts/web_smoke.py --server target/debug/minuta-server [--shots DIR]

Starts `minuta-server demo` on 127.0.0.1 (QUIC and web on one port number)
with the bundle of target/web, then checks, reading the page's title and
its `data-connection` attribute (the canvas has no text to read):
  - the free team's web link opens its screen (and the time it takes);
  - the projector's link opens the projector, full screen after a click;
  - a link whose fingerprint is not the server's stops with the
    certificate message;
  - the server paused (SIGSTOP) shows as silent within 2 s, and heard again;
  - the page without a code lists the server from /hall.
Screenshots go to --shots (default: a temporary folder). Exit 0 if all
pass, else 1 with what failed.
"""
import argparse, base64, json, os, re, signal, socket, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    def __init__(self, driver_port):
        self.port = driver_port
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader"]}}}}
        self.sid = self.call("POST", "/session", caps)["sessionId"]
        self.call("POST", f"/session/{self.sid}/window/rect", {"width": 500, "height": 640})

    def call(self, method, path, body=None):
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())["value"]

    def open(self, url):
        self.call("POST", f"/session/{self.sid}/url", {"url": "about:blank"})
        self.call("POST", f"/session/{self.sid}/url", {"url": url})

    def js(self, script):
        return self.call("POST", f"/session/{self.sid}/execute/sync", {"script": script, "args": []})

    def state(self):
        return self.js("return [document.title, document.body.getAttribute('data-connection') || '']")

    def wait(self, test, timeout):
        t0 = time.time()
        while time.time() - t0 < timeout:
            if test(*self.state()):
                return time.time() - t0
            time.sleep(0.05)
        return None

    def click(self, x, y):
        self.call("POST", f"/session/{self.sid}/actions", {"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})

    def shot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.call("GET", f"/session/{self.sid}/screenshot")))

    def close(self):
        self.call("DELETE", f"/session/{self.sid}")


def fragment(code):
    """`minuta://ADDRS/ROLE/SECRET?fp=…` → `ROLE/SECRET?fp=…`."""
    return code.split("://", 1)[1].split("/", 1)[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(ROOT, "target/debug/minuta-server"))
    ap.add_argument("--bundle", default=os.path.join(ROOT, "target/web"))
    ap.add_argument("--shots", default=None)
    args = ap.parse_args()
    shots = args.shots or tempfile.mkdtemp(prefix="minuta-web-shots-")
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="minuta-web-smoke-")
    port, driver_port = free_port(), free_port()
    server = subprocess.Popen(
        [args.server, "demo", "--listen", f"127.0.0.1:{port}", "--data", f"{work}/data", "--certs", f"{work}/certs",
         "--no-mdns", "--web-bundle", args.bundle, "--minute", "60"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failed = []
    browser = None
    try:
        codes, deadline = {}, time.time() + 30
        while "free" not in codes and time.time() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            if m := re.match(r"display:\s+(\S+)", line):
                codes["display"] = m.group(1)
            if m := re.search(r"minuta join '(\S+)'", line):
                codes["free"] = m.group(1)
            if m := re.match(r"team «(.+)»: (minuta://\S+)", line):
                codes.setdefault("teams", {})[m.group(2)] = m.group(1)
        if "free" not in codes or "display" not in codes:
            sys.exit("the demo printed no free team or display code")
        team_name = codes["teams"][codes["free"]]
        base = f"http://127.0.0.1:{port}/"
        time.sleep(0.5)
        browser = Browser(driver_port)

        def check(what, ok):
            print(("ok   " if ok else "FAIL ") + what)
            if not ok:
                failed.append(what)

        browser.open(base + "#" + fragment(codes["free"]))
        took = browser.wait(lambda title, c: c == "connected" and team_name in title, 20)
        check(f"the free team's link opens «{team_name}» ({took:.2f} s)" if took else "the team's link", took is not None)
        browser.shot(f"{shots}/team.png")

        pid = server.pid
        os.kill(pid, signal.SIGSTOP)
        silent = browser.wait(lambda _t, c: c == "silent", 5)
        os.kill(pid, signal.SIGCONT)
        check(f"a paused server shows as silent ({silent:.2f} s)" if silent else "silence", silent is not None and silent <= 2.0)
        heard = browser.wait(lambda _t, c: c == "connected", 5)
        check("the server heard again", heard is not None)

        browser.open(base + "#" + fragment(codes["display"]))
        took = browser.wait(lambda _t, c: c == "connected", 20)
        check(f"the projector's link connects ({took:.2f} s)" if took else "the projector's link", took is not None)
        time.sleep(1)
        browser.click(250, 300)
        time.sleep(1)
        check("the projector goes full screen on a click", browser.js("return !!document.fullscreenElement"))
        browser.shot(f"{shots}/display.png")

        wrong = re.sub(r"fp=(.)", lambda m: "fp=" + ("0" if m.group(1) != "0" else "1"), fragment(codes["free"]))
        browser.open(base + "#" + wrong)
        stopped = browser.wait(lambda _t, c: c == "stopped-certificate", 15)
        check("another fingerprint stops with the certificate message", stopped is not None)
        browser.shot(f"{shots}/mismatch.png")

        browser.open(base)
        time.sleep(4)
        check("the page without a code shows the join screen", browser.state()[1] == "idle")
        browser.shot(f"{shots}/join.png")
    finally:
        if browser:
            try:
                browser.close()
            except Exception:
                pass
        for p in (driver, server):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    print(f"screenshots in {shots}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
