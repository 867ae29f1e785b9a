# shellcheck shell=bash
# Shared by up.sh, down.sh and status.sh: versions, ports, pid files, readiness probes, installers.
# Not meant to be sourced by anything else (source env.sh for the variables).

# shellcheck source-path=SCRIPTDIR source=env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
# shellcheck source=../../scripts/lib/node.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/node.sh"

AURA_LOCAL_DIR="$AURA_REPO_ROOT/deploy/local"

# shellcheck disable=SC2034 # (the versions and the server list are used by up.sh, down.sh and status.sh)
{
  # Pinned versions.
  KAFKA_VERSION=3.9.2
  # SecantusDB (MongoDB wire protocol over WiredTiger; beta, GPL-2.0: run as a separate server for
  # development, tests and benchmarks only). The Rust server from crates.io; the Python server from PyPI
  # is the fallback when the Rust build fails.
  SECANTUS_RS_VERSION=0.5.3-beta.196
  SECANTUS_PY_VERSION=0.7.0b3
  VERSITYGW_VERSION=v1.7.0
  STRIPE_MOCK_VERSION=v0.197.0
  # Mailpit: the SMTP catcher (identity's mail; tests read it over its HTTP API). Needs Go 1.26.
  MAILPIT_VERSION=v1.33.1

  # Start order; down.sh stops in reverse.
  AURA_SERVERS=(redis s3 mongodb kafka stripe-mock mail)
}

log() { printf 'deploy/local: %s\n' "$*"; }
die() {
  printf 'deploy/local: %s\n' "$*" >&2
  exit 1
}

# The port of "scheme://user@host:port/path", "host:port" or "host:port,host2:port2" (the first one).
url_port() {
  local rest=${1#*://}
  rest=${rest%%,*}
  rest=${rest%%/*}
  rest=${rest%%\?*}
  rest=${rest##*@}
  if [[ $rest =~ :([0-9]+)$ ]]; then echo "${BASH_REMATCH[1]}"; else echo "$2"; fi
}

# Every server binds 127.0.0.1 only. The main ports come from the URLs in deploy/aura.env; the
# secondary ones sit next to them (9092 -> controller 9093, 12111 -> HTTPS 12112). The mail catcher
# takes both of its ports from URLs: SMTP from SMTP_URL, its HTTP API from MAILPIT_URL.
REDIS_PORT=$(url_port "$REDIS_URL" 6379)
S3_PORT=$(url_port "$S3_ENDPOINT" 9000)
MONGO_PORT=$(url_port "$MONGODB_URI" 27017)
KAFKA_PORT=$(url_port "$KAFKA_BROKERS" 9092)
KAFKA_CONTROLLER_PORT=$((KAFKA_PORT + 1))
STRIPE_PORT=$(url_port "$STRIPE_API_BASE" 12111)
STRIPE_HTTPS_PORT=$((STRIPE_PORT + 1))
MAIL_SMTP_PORT=$(url_port "${SMTP_URL:-}" 1025)
MAIL_HTTP_PORT=$(url_port "${MAILPIT_URL:-}" 8025)

KAFKA_HOME="$AURA_CACHE_DIR/kafka/$KAFKA_VERSION" # pom.xml + libs/ (shared by every clone)
SECANTUS_RS_HOME="$AURA_CACHE_DIR/secantus/rs-$SECANTUS_RS_VERSION" # bin/secantusd-rs (cargo install --root)
SECANTUS_PY_HOME="$AURA_CACHE_DIR/secantus/py-$SECANTUS_PY_VERSION" # a venv with bin/secantusd-py

server_ports() {
  case $1 in
    redis) echo "$REDIS_PORT" ;;
    s3) echo "$S3_PORT" ;;
    mongodb) echo "$MONGO_PORT" ;;
    kafka) echo "$KAFKA_PORT $KAFKA_CONTROLLER_PORT" ;;
    stripe-mock) echo "$STRIPE_PORT $STRIPE_HTTPS_PORT" ;;
    mail) echo "$MAIL_SMTP_PORT $MAIL_HTTP_PORT" ;; # SMTP first: up.sh waits for it to listen
  esac
}

server_url() {
  case $1 in
    redis) echo "redis://127.0.0.1:$REDIS_PORT" ;;
    s3) echo "http://127.0.0.1:$S3_PORT (bucket $S3_BUCKET_MEDIA)" ;;
    mongodb) echo "mongodb://127.0.0.1:$MONGO_PORT ($(basename "$(mongodb_binary)"))" ;;
    kafka) echo "127.0.0.1:$KAFKA_PORT (controller :$KAFKA_CONTROLLER_PORT)" ;;
    stripe-mock) echo "http://127.0.0.1:$STRIPE_PORT (https :$STRIPE_HTTPS_PORT)" ;;
    mail) echo "smtp://127.0.0.1:$MAIL_SMTP_PORT (Mailpit; API and web UI http://127.0.0.1:$MAIL_HTTP_PORT)" ;;
  esac
}

# A string that the server's /proc/<pid>/cmdline contains: guards against a recycled pid.
server_marker() {
  case $1 in
    redis) echo "redis-server 127.0.0.1:$REDIS_PORT" ;;
    s3) echo "$AURA_BIN_DIR/versitygw" ;;
    mongodb) echo "$AURA_CACHE_DIR/secantus/" ;;
    kafka) echo "kafka.Kafka $AURA_RUN_DIR/kafka.properties" ;;
    stripe-mock) echo "$AURA_BIN_DIR/stripe-mock" ;;
    mail) echo "$AURA_BIN_DIR/mailpit" ;;
  esac
}

pid_file() { echo "$AURA_RUN_DIR/$1.pid"; }
log_file() { echo "$AURA_RUN_DIR/$1.log"; }

# True while the process exists and is not a zombie.
pid_running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [[ -n $stat && ${stat%% *} != Z ]]
}

# Prints the pid of a server that up.sh started (pid file + live process + matching command line).
server_pid() {
  local file pid cmd
  file=$(pid_file "$1")
  [[ -r $file ]] || return 1
  read -r pid <"$file" || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  # While a process is inside execve (setsid -> env -> server), /proc/<pid>/cmdline reads empty for a
  # moment: that is a server starting, not a recycled pid, so read it again.
  local tries=0
  while pid_running "$pid"; do
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
    if [[ -n $cmd ]]; then
      [[ $cmd == *"$(server_marker "$1")"* ]] || return 1
      echo "$pid"
      return 0
    fi
    ((tries++ < 40)) || return 1
    sleep 0.05
  done
  return 1
}

# "pid 123 (redis-server)" when something listens on the TCP port (any address), else false.
port_owner() {
  local line
  line=$(ss -Hltnp "sport = :$1" 2>/dev/null) || true
  [[ -n $line ]] || return 1
  if [[ $line =~ users:\(\(\"([^\"]+)\",pid=([0-9]+) ]]; then
    echo "pid ${BASH_REMATCH[2]} (${BASH_REMATCH[1]})"
  else
    echo "a process this user cannot see"
  fi
}

port_listening() { [[ -n $(ss -Hltn "sport = :$1" 2>/dev/null) ]]; }

rss_mb() {
  local kb
  kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null) || true
  echo "$(((${kb:-0} + 512) / 1024)) MB"
}

# One readiness attempt (node probes retry for up to $2 ms).
probe() {
  case $1 in
    redis) [[ $(REDISCLI_AUTH=${REDIS_PASSWORD:-} timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]] ;;
    s3) curl -fsS -m 3 -o /dev/null "http://127.0.0.1:$S3_PORT/health" 2>/dev/null ;;
    mongodb) node "$AURA_LOCAL_DIR/probe.mjs" mongo "mongodb://127.0.0.1:$MONGO_PORT" "${2:-1500}" 2>/dev/null ;;
    kafka) node "$AURA_LOCAL_DIR/probe.mjs" kafka "127.0.0.1:$KAFKA_PORT" "${2:-1500}" 2>/dev/null ;;
    stripe-mock)
      curl -fsS -m 3 -o /dev/null -H 'Authorization: Bearer sk_test_123' \
        "http://127.0.0.1:$STRIPE_PORT/v1/customers" 2>/dev/null
      ;;
    # Mailpit's own readiness endpoint, and its SMTP port listening.
    mail)
      port_listening "$MAIL_SMTP_PORT" &&
        curl -fsS -m 3 -o /dev/null "http://127.0.0.1:$MAIL_HTTP_PORT/readyz" 2>/dev/null
      ;;
  esac
}

# ---------------------------------------------------------------------------------------------
# Prerequisites and installers (used by up.sh). Each prints one line and exits when something
# cannot be installed from here.

require_root_for() {
  ((EUID == 0)) || die "$1 is required: sudo apt-get install -y $2"
  command -v apt-get >/dev/null 2>&1 || die "$1 is required: install $2 with your package manager"
}

apt_install() { # package...
  local alog="$AURA_RUN_DIR/install-apt.log"
  if ! apt-cache show "$@" >/dev/null 2>&1; then
    log "apt-get update"
    apt-get update >>"$alog" 2>&1 || die "apt-get update failed, see $alog"
  fi
  log "apt-get install -y $* (log: $alog)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" >>"$alog" 2>&1 ||
    die "apt-get install -y $* failed, see $alog"
}

require_node_deps() {
  use_node_24
  local module
  for module in @platformatic/kafka minio mongodb; do
    [[ -f $AURA_REPO_ROOT/node_modules/$module/package.json ]] ||
      die "node_modules/$module is missing: run npm install at the repo root first"
  done
}

ensure_redis() {
  command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 && return 0
  require_root_for Redis redis-server
  apt_install redis-server
}

require_java() {
  command -v java >/dev/null 2>&1 || die "Java 17 is required: apt-get install -y openjdk-17-jre-headless"
  local version
  version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
  if [[ ! $version =~ ^[0-9]+$ ]] || ((version < 17)); then
    die "Java 17 or newer is required (found ${version:-unknown}): apt-get install -y openjdk-17-jre-headless"
  fi
}

require_go() { # tool [minimum minor version of Go 1, default 25]
  local what=${1:-versitygw/stripe-mock/mailpit} minor=${2:-25} version
  command -v go >/dev/null 2>&1 ||
    die "Go 1.$minor or newer is required to build $what: install it from https://go.dev/dl"
  version=$(go env GOVERSION)
  if [[ ! $version =~ ^go1\.([0-9]+) ]] || ((BASH_REMATCH[1] < minor)); then
    die "Go 1.$minor or newer is required to build $what (found $version): https://go.dev/dl"
  fi
}

kafka_libs_present() {
  local jar
  for jar in "kafka_2.13-$KAFKA_VERSION.jar" "kafka-clients-$KAFKA_VERSION.jar" \
    slf4j-reload4j-1.7.36.jar reload4j-1.2.25.jar; do
    [[ -f $KAFKA_HOME/libs/$jar ]] || return 1
  done
}

ensure_kafka_libs() {
  kafka_libs_present && return 0
  command -v mvn >/dev/null 2>&1 || die "Maven is required to fetch the Kafka jars: apt-get install -y maven"
  local mlog="$AURA_RUN_DIR/install-kafka.log" tmp="$KAFKA_HOME/libs.tmp.$$"
  mkdir -p "$KAFKA_HOME"
  # slf4j-reload4j + reload4j: kafka_2.13 declares its log binding compileOnly, without it the broker logs nothing.
  cat >"$KAFKA_HOME/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local.infra</groupId><artifactId>kafka-runtime</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
    <dependency><groupId>ch.qos.reload4j</groupId><artifactId>reload4j</artifactId><version>1.2.25</version></dependency>
  </dependencies></project>
EOF
  log "fetching Kafka $KAFKA_VERSION jars from Maven Central (log: $mlog)"
  rm -rf "$tmp"
  mvn -B -q -f "$KAFKA_HOME/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$tmp" -DincludeScope=runtime >>"$mlog" 2>&1 || die "fetching the Kafka jars failed, see $mlog"
  rm -rf "$KAFKA_HOME/libs"
  mv "$tmp" "$KAFKA_HOME/libs"
  kafka_libs_present || die "Kafka jars incomplete after mvn, see $mlog"
}

# A stamp file beside each Go binary records the version it was built from.
stamp_file() { echo "$AURA_BIN_DIR/.$1.version"; }

go_tool_present() { # name version module
  local bin="$AURA_BIN_DIR/$1" stamp info
  stamp=$(stamp_file "$1")
  [[ -x $bin ]] || return 1
  [[ -f $stamp && $(<"$stamp") == "$2" ]] && return 0
  # Adopt a binary built earlier without a stamp, if it is the right version.
  command -v go >/dev/null 2>&1 || return 1
  info=$(go version -m "$bin" 2>/dev/null) || return 1
  [[ $info =~ mod[[:space:]]+"$3"[[:space:]]+"$2"[[:space:]] ]] || return 1
  echo "$2" >"$stamp"
}

ensure_go_tool() { # name version module package [minimum minor version of Go 1]
  go_tool_present "$1" "$2" "$3" && return 0
  require_go "$1" "${5:-25}"
  local blog="$AURA_RUN_DIR/install-$1.log"
  log "building $1 $2 with go install (first time: a minute or two; log: $blog)"
  GOBIN="$AURA_BIN_DIR" go install "$4@$2" >>"$blog" 2>&1 || die "go install $4@$2 failed, see $blog"
  echo "$2" >"$(stamp_file "$1")"
}

# The MongoDB-compatible server: SecantusDB's Rust server, built once by cargo into the cache (a cold
# build compiles WiredTiger and ~210 crates: about 11 minutes on 2 cores). The crate asks for a newer
# Rust than some machines have (rust-version 1.98) but builds with 1.95, hence --ignore-rust-version;
# --locked builds the dependency versions the crate was released with. If the build fails, the same
# engine from PyPI (slower, Python) is installed instead and up.sh says so.
mongodb_binary() {
  if [[ -x $SECANTUS_RS_HOME/bin/secantusd-rs ]]; then
    echo "$SECANTUS_RS_HOME/bin/secantusd-rs"
  elif [[ -x $SECANTUS_PY_HOME/bin/secantusd-py ]]; then
    echo "$SECANTUS_PY_HOME/bin/secantusd-py"
  else
    echo "$SECANTUS_RS_HOME/bin/secantusd-rs"
  fi
}

ensure_build_tools() {
  local missing=()
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v cc >/dev/null 2>&1 || missing+=(gcc)
  command -v make >/dev/null 2>&1 || missing+=(make)
  ((${#missing[@]} == 0)) && return 0
  require_root_for "${missing[*]}" "${missing[*]}"
  apt_install "${missing[@]}"
}

ensure_mongodb() {
  [[ -x $SECANTUS_RS_HOME/bin/secantusd-rs || -x $SECANTUS_PY_HOME/bin/secantusd-py ]] && return 0
  local blog="$AURA_RUN_DIR/install-secantus.log"
  if command -v cargo >/dev/null 2>&1; then
    ensure_build_tools
    log "building secantusd-rs $SECANTUS_RS_VERSION with cargo install (once: about 11 minutes on 2 cores; log: $blog)"
    if cargo install secantus-mdb --version "$SECANTUS_RS_VERSION" --ignore-rust-version --locked \
      --root "$SECANTUS_RS_HOME.tmp" >>"$blog" 2>&1; then
      rm -rf "$SECANTUS_RS_HOME"
      mv "$SECANTUS_RS_HOME.tmp" "$SECANTUS_RS_HOME"
      return 0
    fi
    rm -rf "$SECANTUS_RS_HOME.tmp"
    log "building secantusd-rs failed (see $blog): installing SecantusDB $SECANTUS_PY_VERSION from PyPI instead (slower)"
  else
    log "cargo is missing (Rust from rustup.rs builds the faster server): installing SecantusDB $SECANTUS_PY_VERSION from PyPI"
  fi
  command -v python3 >/dev/null 2>&1 || die "neither cargo nor python3 is available to install SecantusDB"
  rm -rf "$SECANTUS_PY_HOME"
  if ! { python3 -m venv "$SECANTUS_PY_HOME" &&
    "$SECANTUS_PY_HOME/bin/pip" install --quiet "SecantusDB==$SECANTUS_PY_VERSION"; } >>"$blog" 2>&1; then
    rm -rf "$SECANTUS_PY_HOME"
    die "installing SecantusDB $SECANTUS_PY_VERSION from PyPI failed, see $blog"
  fi
  [[ -x $SECANTUS_PY_HOME/bin/secantusd-py ]] || die "SecantusDB from PyPI has no secantusd-py, see $blog"
}

# Sends SIGTERM, waits up to $2 seconds, then SIGKILL.
stop_pid() {
  local pid=$1 deadline=$((SECONDS + $2))
  kill -TERM "$pid" 2>/dev/null || return 0
  while pid_running "$pid"; do
    if ((SECONDS >= deadline)); then
      log "pid $pid did not exit within $2 s after SIGTERM: sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      deadline=$((SECONDS + 5))
      while pid_running "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
      return 0
    fi
    sleep 0.1
  done
}

# Serialises up.sh and down.sh (fd 9; servers are started with fd 9 closed so they do not hold the lock).
take_lock() {
  mkdir -p "$AURA_RUN_DIR"
  exec 9>"$AURA_RUN_DIR/.lock"
  if ! flock -n 9; then
    log "waiting for another deploy/local up.sh/down.sh to finish"
    flock 9
  fi
}

now_ms() { echo $((${EPOCHREALTIME/[.,]/} / 1000)); }
