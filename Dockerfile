# Marker, the live referee. Multi-stage: native modules are built against Debian's OpenCV in the build
# stage; the runtime image gets the built app and only the shared libraries it links to.
# Build for a Pi and a PC:  docker buildx build --platform linux/arm64,linux/amd64 -t marker .
# (Not built in CI: no Docker engine there. The entry point, `node dist/src/cli/main.js run`, is tested.)

FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 pkg-config cmake libopencv-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# onnxruntime-node ships its CPU binaries in the package: no download at install time
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    OPENCV4NODEJS_DISABLE_AUTOBUILD=1 \
    OPENCV_INCLUDE_DIR=/usr/include/opencv4
COPY package.json package-lock.json .npmrc ./
RUN OPENCV_LIB_DIR=/usr/lib/$(gcc -dumpmachine) npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src src
COPY scripts scripts
COPY test test
RUN npx tsc -p tsconfig.json && npm prune --omit=dev --no-audit --no-fund
# the Debian packages holding every shared library the native modules link to, for the runtime stage
RUN find node_modules -name '*.node' -exec ldd {} + 2>/dev/null | awk '/=> \//{print $3}' | sort -u \
    | while read -r lib; do dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "${lib#/usr}" 2>/dev/null; done \
    | cut -d: -f1 | sort -u > /app/runtime-packages.txt \
 && cat /app/runtime-packages.txt

FROM node:20-bookworm-slim
LABEL org.opencontainers.image.title="marker" \
      org.opencontainers.image.description="Automatic referee for Russian pyramid: camera, rules engine, MQTT scoreboard, review page"
COPY --from=build /app/runtime-packages.txt /tmp/runtime-packages.txt
RUN apt-get update \
 && xargs -r apt-get install -y --no-install-recommends tini curl < /tmp/runtime-packages.txt \
 && apt-get install -y --no-install-recommends tini curl \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt \
 && groupadd --system marker && useradd --system --gid marker --groups video --home-dir /data marker \
 && mkdir -p /config /data && chown marker:marker /config /data
WORKDIR /app
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
COPY bin bin
COPY examples examples
COPY models models
COPY src/web src/web
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=2 \
    MARKER__DATA_DIR=/data \
    MARKER__HTTP__PORT=8080
USER marker
VOLUME ["/config", "/data"]
EXPOSE 8080
# /api/health answers as soon as the page is up; give a camera and the models time to start
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/api/health || exit 1
ENTRYPOINT ["/usr/bin/tini", "--"]
# settings come from MARKER__… variables; for a file add: --settings /config/marker.json
CMD ["node", "dist/src/cli/main.js", "run"]
