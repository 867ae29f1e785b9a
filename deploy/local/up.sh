#!/usr/bin/env bash
# Installs what is missing and starts Aura's local infrastructure on 127.0.0.1:
#   redis, S3 (versitygw), MongoDB (SecantusDB's secantusd-rs on WiredTiger), Kafka (KRaft), stripe-mock,
#   mail (Mailpit: the SMTP catcher).
# Idempotent: a server that an earlier up.sh started (pid file + live process) and that answers its
# readiness probe is reused. Creates the Kafka topics of proto/topics.json (+ .dlq) and the media bucket.
# Binaries, data, pids and logs live in $AURA_CACHE_DIR (default ~/.cache/aura), never in the clone.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case ${AURA_INFRA:-local} in
  local) ;;
  testcontainers)
    log "AURA_INFRA=testcontainers: starting nothing; the test harness starts the servers in Docker (testcontainers npm package)"
    exit 0
    ;;
  *) die "AURA_INFRA must be 'local' (the default) or 'testcontainers', not '$AURA_INFRA'" ;;
esac

set +m # no job control: a background job must not become a process-group leader (setsid would then fork)
started_ms=$(now_ms)
mkdir -p "$AURA_BIN_DIR" "$AURA_DATA_DIR" "$AURA_RUN_DIR"
take_lock
cd "$AURA_RUN_DIR" # servers must not hold the clone (or the caller's directory) as their cwd

declare -A STATE=() READY_MS=()

ready_timeout() {
  case $1 in
    kafka) echo 120 ;;
    *) echo 30 ;;
  esac
}

start_failed() {
  local name=$1 pid logf
  shift
  logf=$(log_file "$name")
  printf 'deploy/local: %s %s; last lines of %s:\n' "$name" "$*" "$logf" >&2
  tail -n 15 "$logf" 2>/dev/null | sed 's/^/  | /' >&2 || true
  if [[ ${STATE[$name]:-} == started ]]; then
    if pid=$(server_pid "$name"); then stop_pid "$pid" 15; fi
    rm -f "$(pid_file "$name")"
  else
    echo "deploy/local: it was started by an earlier up.sh: run deploy/local/down.sh, then up.sh again" >&2
  fi
  exit 1
}

# Refuses to start when a port is already taken by a process that up.sh did not start (we cannot
# manage it, stop it, or know its configuration, so we do not reuse it either).
check_ports() {
  local name=$1 port owner hint=''
  for port in $(server_ports "$name"); do
    owner=$(port_owner "$port") || continue
    [[ $name == redis && $owner == *redis* ]] &&
      hint=" (Debian's redis-server service? stop it: service redis-server stop; systemctl disable redis-server)"
    die "$name: port 127.0.0.1:$port is taken by $owner, which deploy/local did not start$hint. Stop it, or change the port in deploy/aura.env"
  done
}

# Starts "$@" detached: own session, stdin closed, output to the server's log, lock fd closed.
spawn() {
  local name=$1 logf
  shift
  logf=$(log_file "$name")
  if [[ -f $logf ]]; then mv -f "$logf" "$logf.1"; fi
  setsid "$@" </dev/null >>"$logf" 2>&1 9>&- &
  local pid=$! tries=0
  echo "$pid" >"$(pid_file "$name")"
  # Until the child has exec'd, /proc/<pid>/cmdline is still this script's, and server_pid (which
  # matches the command line) would take the server for gone: wait for the exec (or the exit).
  until [[ $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) == *"$(server_marker "$name")"* ]]; do
    pid_running "$pid" && ((tries++ < 100)) || break
    sleep 0.05
  done
}

# Waits until the server listens (Kafka: has logged "Kafka Server started"), then until its probe answers.
wait_ready() {
  local name=$1 timeout deadline port
  timeout=$(ready_timeout "$name")
  deadline=$((SECONDS + timeout))
  read -r port _ <<<"$(server_ports "$name")"
  until port_listening "$port" &&
    { [[ $name != kafka ]] || grep -q 'Kafka Server started' "$(log_file kafka)" 2>/dev/null; }; do
    server_pid "$name" >/dev/null || start_failed "$name" "exited during startup"
    ((SECONDS < deadline)) || start_failed "$name" "is not listening on 127.0.0.1:$port after $timeout s"
    sleep 0.2
  done
  until probe "$name" 3000; do
    server_pid "$name" >/dev/null || start_failed "$name" "exited during startup"
    ((SECONDS < deadline)) || start_failed "$name" "does not answer its readiness probe after $timeout s"
    sleep 0.3
  done
}

start_redis() {
  local logf pidf deadline
  logf=$(log_file redis)
  pidf=$(pid_file redis)
  mkdir -p "$AURA_DATA_DIR/redis"
  if [[ -f $logf ]]; then mv -f "$logf" "$logf.1"; fi
  rm -f "$pidf"
  # shellcheck disable=SC2094 # redis appends to the log itself once started; before that, errors go to stderr
  # The password is set once it is up (after_ready), not on this command line, which ps shows.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --protected-mode yes --save '' --appendonly no \
    --daemonize yes --pidfile "$pidf" --logfile "$logf" --dir "$AURA_DATA_DIR/redis" \
    </dev/null >>"$logf" 2>&1 9>&- || start_failed redis "failed to start"
  deadline=$((SECONDS + 10))
  until server_pid redis >/dev/null; do
    ((SECONDS < deadline)) || start_failed redis "did not write its pid file"
    sleep 0.1
  done
}

start_s3() {
  local data="$AURA_DATA_DIR/s3" meta="$AURA_DATA_DIR/s3-meta" args=() deadline
  mkdir -p "$data"
  # versitygw keeps object metadata in user xattrs; on a filesystem without them it refuses to start
  # ("xattr check failed") and we switch this data dir to a sidecar metadata directory for good.
  if [[ -d $meta ]]; then args=(--sidecar "$meta"); fi
  spawn s3 env -u ROOT_ACCESS_KEY_ID -u ROOT_SECRET_ACCESS_KEY -u LOGFILE -u WEBHOOK \
    ROOT_ACCESS_KEY="$S3_ACCESS_KEY" ROOT_SECRET_KEY="$S3_SECRET_KEY" \
    "$AURA_BIN_DIR/versitygw" --port "127.0.0.1:$S3_PORT" --region "$S3_REGION" --health /health --quiet \
    posix "${args[@]}" "$data"
  if ((${#args[@]} == 0)); then
    deadline=$((SECONDS + 10))
    while ! port_listening "$S3_PORT" && ((SECONDS < deadline)); do
      if ! server_pid s3 >/dev/null; then
        if grep -q 'xattr check failed' "$(log_file s3)" 2>/dev/null; then
          log "s3: $data has no user xattrs: using --sidecar $meta"
          mkdir -p "$meta"
          start_s3
        fi
        return 0
      fi
      sleep 0.1
    done
  fi
}

start_mongodb() {
  local dir="$AURA_DATA_DIR/mongodb"
  mkdir -p "$dir"
  # --sync-on-commit: the WiredTiger log is flushed at every commit, so an acknowledged write survives
  # kill -9 (without it the last ~1 % of writes before a crash are lost). A single-node replica set
  # (the default): transactions and retryable writes work with a plain connection string.
  spawn mongodb "$(mongodb_binary)" --host 127.0.0.1 --port "$MONGO_PORT" --storage-path "$dir" \
    --sync-on-commit --cache-size "${AURA_MONGODB_CACHE_SIZE:-512M}" --log-level WARNING
}

write_kafka_config() {
  cat >"$AURA_RUN_DIR/kafka.properties" <<EOF
# Generated by deploy/local/up.sh on every start. Single node, combined broker + controller, static quorum.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$AURA_DATA_DIR/kafka
# Topics are created up front from proto/topics.json (create-topics.mjs): a typo in a topic name must fail.
auto.create.topics.enable=false
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=3
# Tests create many short-lived consumer groups: no 3 s wait before the first rebalance.
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
EOF
  cat >"$AURA_RUN_DIR/kafka-log4j.properties" <<'EOF'
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
EOF
}

# A Kafka cluster id: 16 random bytes, base64url without padding (what StorageTool random-uuid prints).
new_cluster_id() {
  local id
  id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | cut -c1-22)
  [[ $id == -* ]] && id="A${id:1}" # a leading '-' would read as an option
  echo "$id"
}

start_kafka() {
  local data="$AURA_DATA_DIR/kafka" flog="$AURA_RUN_DIR/kafka-format.log"
  local cp="$KAFKA_HOME/libs/*" log4j="-Dlog4j.configuration=file:$AURA_RUN_DIR/kafka-log4j.properties"
  mkdir -p "$data"
  write_kafka_config
  if [[ ! -f $data/meta.properties ]]; then
    java -Xmx256m "$log4j" -cp "$cp" kafka.tools.StorageTool format --ignore-formatted \
      -t "$(new_cluster_id)" -c "$AURA_RUN_DIR/kafka.properties" >"$flog" 2>&1 ||
      die "kafka: formatting $data failed, see $flog"
  fi
  spawn kafka java -Xms256m -Xmx512m -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15 \
    -Djava.awt.headless=true -Djava.net.preferIPv4Stack=true "$log4j" -Dkafka.logs.dir="$AURA_RUN_DIR" \
    -cp "$cp" kafka.Kafka "$AURA_RUN_DIR/kafka.properties"
}

start_stripe_mock() {
  # Both listeners need an address: with -http-addr alone stripe-mock still serves HTTPS on *:12112.
  # PORT from the environment would override the HTTP port, so it is removed. GOGC/GOMEMLIMIT keep its
  # heap small (it holds the parsed OpenAPI spec; ~50 MB RSS either way, without them it grows under load).
  spawn stripe-mock env -u PORT GOGC=50 GOMEMLIMIT=96MiB "$AURA_BIN_DIR/stripe-mock" \
    -http-addr "127.0.0.1:$STRIPE_PORT" -https-addr "127.0.0.1:$STRIPE_HTTPS_PORT"
}

start_mail() {
  # Mailpit keeps every message it receives (delivers none) in SQLite under the data dir, the oldest
  # dropped beyond --max, so a catcher shared by every test run does not grow forever. Any SMTP login is
  # accepted, also without TLS (an SMTP_URL with credentials works as it is). No reverse DNS lookup of
  # the client, no update check (no network), and only 127.0.0.1/localhost as HTTP Host (a web page
  # cannot read the mail through DNS rebinding). POP3 stays off (it needs --pop3-auth-file). Mailpit
  # reads MP_* variables for whatever no flag sets (auth files, relaying, webhooks): none from here.
  local dir="$AURA_DATA_DIR/mail" var unset=()
  mkdir -p "$dir"
  for var in $(compgen -e); do [[ $var == MP_* ]] && unset+=(-u "$var"); done
  spawn mail env "${unset[@]}" "$AURA_BIN_DIR/mailpit" \
    --smtp "127.0.0.1:$MAIL_SMTP_PORT" --listen "127.0.0.1:$MAIL_HTTP_PORT" \
    --database "$dir/mailpit.db" --max 5000 \
    --smtp-auth-accept-any --smtp-auth-allow-insecure --smtp-disable-rdns \
    --disable-version-check --allowed-hosts 127.0.0.1
}

after_ready() {
  case $1 in
    redis)
      # Redis answers only with REDIS_PASSWORD (REDIS_URL carries it). A server that answers without
      # one (just started, or started before it was required) gets it now.
      if [[ -n ${REDIS_PASSWORD:-} && $(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]; then
        printf %s "$REDIS_PASSWORD" | redis-cli -h 127.0.0.1 -p "$REDIS_PORT" -x config set requirepass >/dev/null ||
          die "redis: setting its password failed"
      fi
      ;;
    s3)
      S3_ENDPOINT="http://127.0.0.1:$S3_PORT" node "$AURA_LOCAL_DIR/create-bucket.mjs" ||
        die "s3: creating bucket $S3_BUCKET_MEDIA failed"
      ;;
    mongodb)
      node "$AURA_LOCAL_DIR/configure-mongodb.mjs" "mongodb://127.0.0.1:$MONGO_PORT" ||
        die "mongodb: setting its transaction lifetime failed"
      ;;
    kafka)
      KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT" node "$AURA_LOCAL_DIR/create-topics.mjs" ||
        die "kafka: creating the topics failed"
      ;;
  esac
}

# 1. Install what the servers that are not running yet need (fails fast, before starting anything).
require_node_deps
for name in "${AURA_SERVERS[@]}"; do
  server_pid "$name" >/dev/null && continue
  case $name in
    redis) ensure_redis ;;
    s3) ensure_go_tool versitygw "$VERSITYGW_VERSION" github.com/versity/versitygw github.com/versity/versitygw/cmd/versitygw ;;
    mongodb) ensure_mongodb ;;
    kafka)
      require_java
      ensure_kafka_libs
      ;;
    stripe-mock) ensure_go_tool stripe-mock "$STRIPE_MOCK_VERSION" github.com/stripe/stripe-mock github.com/stripe/stripe-mock ;;
    mail) ensure_go_tool mailpit "$MAILPIT_VERSION" github.com/axllent/mailpit github.com/axllent/mailpit 26 ;;
  esac
done
installed_ms=$(now_ms)

# 2. Start (or reuse) each server in order, each one ready before the next.
for name in "${AURA_SERVERS[@]}"; do
  t0=$(now_ms)
  if server_pid "$name" >/dev/null; then
    STATE[$name]=reused
  else
    rm -f "$(pid_file "$name")"
    check_ports "$name"
    STATE[$name]=started
    "start_${name//-/_}"
  fi
  wait_ready "$name"
  after_ready "$name"
  READY_MS[$name]=$(($(now_ms) - t0))
done

# 3. Summary.
done_ms=$(now_ms)
secs() { printf '%d.%d s' $(($1 / 1000)) $(($1 % 1000 / 100)); }
log "infrastructure ready in $(secs $((done_ms - started_ms))) (installs and checks: $(secs $((installed_ms - started_ms))))"
printf '  %-12s %-8s %-8s %8s %10s  %s\n' server state pid rss ready address
for name in "${AURA_SERVERS[@]}"; do
  pid=$(server_pid "$name")
  printf '  %-12s %-8s %-8s %8s %7s ms  %s\n' "$name" "${STATE[$name]}" "$pid" "$(rss_mb "$pid")" \
    "${READY_MS[$name]}" "$(server_url "$name")"
done
log "logs and pids: $AURA_RUN_DIR; data: $AURA_DATA_DIR; stop: deploy/local/down.sh"
