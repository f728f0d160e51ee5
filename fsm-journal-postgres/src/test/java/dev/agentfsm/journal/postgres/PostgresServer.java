package dev.agentfsm.journal.postgres;

import dev.agentfsm.testing.ExternalTools;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A throwaway PostgreSQL server for tests: Debian's {@code postgresql} package's {@code initdb} makes a
 * cluster in a directory under {@code target/}, and its {@code postgres} listens on 127.0.0.1 on a free port
 * (TCP only), trusting local connections; {@link #close} stops it by its pid. Run as
 * root (CI), the server runs as the package's {@code postgres} user, since PostgreSQL refuses root. When the
 * binaries are missing, the test is skipped, or fails under {@code AGENTFSM_REQUIRE_TOOLS=true}.
 */
public final class PostgresServer implements AutoCloseable {
    private static final Path INSTALLED = Path.of("/usr/lib/postgresql");
    private static final String READY = "database system is ready to accept connections";
    private static final String USER = "agentfsm";
    private static final String PORT_TAKEN = "could not bind IPv4 address";

    private final Process server;
    private final int port;
    private final Path data;
    private final Path log;

    private PostgresServer(Process server, int port, Path data, Path log) {
        this.server = server;
        this.port = port;
        this.data = data;
        this.log = log;
    }

    /** Makes a cluster in a new directory under {@code parent} and starts its server; returns once it accepts connections. */
    public static PostgresServer start(Path parent) throws IOException, InterruptedException {
        Path bin = binaries();
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "pg-");
        Path data = dir.resolve("data");
        Path log = dir.resolve("server.log");
        Optional<String> runAs = asPostgresUser(dir);

        Process initdb = new ProcessBuilder(command(
                        runAs,
                        bin.resolve("initdb").toString(),
                        "--pgdata=" + data,
                        "--username=" + USER,
                        "--auth=trust",
                        "--no-locale",
                        "--encoding=UTF8",
                        "--no-sync"))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("initdb.log").toFile())
                .start();
        if (initdb.waitFor() != 0) {
            throw new IllegalStateException(
                    "initdb failed (exit " + initdb.exitValue() + "):\n" + Files.readString(dir.resolve("initdb.log")));
        }
        // a free port may be taken by another process before the server binds it: then another one
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            Optional<Process> server = listen(runAs, bin, data, port, log);
            if (server.isPresent()) {
                return new PostgresServer(server.get(), port, data, log);
            }
            String lines = Files.readString(log);
            if (!lines.contains(PORT_TAKEN) || attempt == 3) {
                throw new IllegalStateException("postgres did not start on port " + port + ":\n" + lines);
            }
        }
    }

    /**
     * Starts the server on {@code port}, its log copied to {@code log}; returns it once it says it is ready, or
     * nothing once it ended first. No Unix-domain socket: its path would be this directory's, and a checkout deep
     * in the file system takes it past the 107 bytes such a path may have; the tests connect by TCP.
     */
    private static Optional<Process> listen(Optional<String> runAs, Path bin, Path data, int port, Path log)
            throws IOException, InterruptedException {
        Process server = new ProcessBuilder(command(
                        runAs,
                        bin.resolve("postgres").toString(),
                        "-D",
                        data.toString(),
                        "-p",
                        Integer.toString(port),
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "unix_socket_directories=",
                        "-c",
                        "max_connections=100"))
                .redirectErrorStream(true)
                .start();
        // ready once the server says so (a flag the log's reader sets, not a guess about time), or not once its
        // log ends first
        CountDownLatch ended = new CountDownLatch(1);
        AtomicBoolean ready = new AtomicBoolean();
        Thread pump = new Thread(
                () -> {
                    try (BufferedReader lines = new BufferedReader(
                                    new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
                            PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true)) {
                        String line;
                        while ((line = lines.readLine()) != null) {
                            out.println(line);
                            if (line.contains(READY)) {
                                ready.set(true);
                                ended.countDown();
                            }
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        ended.countDown();
                    }
                },
                "postgres-log-" + port);
        pump.setDaemon(true);
        pump.start();
        // a bound generous for a loaded machine
        if (!ended.await(120, TimeUnit.SECONDS)) {
            server.destroyForcibly();
            throw new IllegalStateException(
                    "postgres on port " + port + " was neither ready nor ended after 120 s; its log: " + log);
        }
        if (!ready.get()) {
            server.waitFor();
            pump.join();
            return Optional.empty();
        }
        return Optional.of(server);
    }

    /** A data source for the server's {@code postgres} database as its superuser. */
    public PGSimpleDataSource dataSource() {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setServerNames(new String[] {"127.0.0.1"});
        source.setPortNumbers(new int[] {port});
        source.setDatabaseName("postgres");
        source.setUser(USER);
        source.setApplicationName("agentfsm-test");
        return source;
    }

    /** The JDBC URL of {@link #dataSource()}, for a child JVM. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + USER;
    }

    /** The port the server listens on, on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** The server's process id. */
    public long pid() {
        return server.pid();
    }

    /** The server's log. */
    public Path log() {
        return log;
    }

    /**
     * Stops the server by its pid (a fast shutdown: SIGINT), waits for it to end and deletes its cluster; its
     * log stays.
     */
    @Override
    public void close() throws IOException {
        try {
            if (server.isAlive()) {
                Process kill = new ProcessBuilder("kill", "-INT", Long.toString(server.pid()))
                        .inheritIO()
                        .start();
                kill.waitFor();
                if (!server.waitFor(60, TimeUnit.SECONDS)) {
                    server.destroyForcibly();
                    server.waitFor();
                }
            }
        } catch (InterruptedException e) {
            server.destroyForcibly();
            Thread.currentThread().interrupt();
            return; // the cluster stays under target/ for a look
        }
        try (Stream<Path> files = Files.walk(data)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** The newest installed PostgreSQL's binaries. */
    private static Path binaries() throws IOException {
        Optional<Path> bin = Optional.empty();
        if (Files.isDirectory(INSTALLED)) {
            try (Stream<Path> versions = Files.list(INSTALLED)) {
                bin = versions.map(v -> v.resolve("bin"))
                        .filter(b ->
                                Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("postgres")))
                        .max(Comparator.comparingInt(b -> version(b.getParent())));
            }
        }
        return bin.orElseThrow(() -> ExternalTools.missing("PostgreSQL's initdb and postgres are not in " + INSTALLED
                + "/<version>/bin; install them with: apt-get install postgresql"));
    }

    private static int version(Path dir) {
        try {
            return Integer.parseInt(dir.getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** PostgreSQL refuses to run as root: as root, its directories go to the postgres user, who runs it. */
    private static Optional<String> asPostgresUser(Path... dirs) throws IOException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.empty();
        }
        UserPrincipalLookupService users = dirs[0].getFileSystem().getUserPrincipalLookupService();
        UserPrincipal postgres = users.lookupPrincipalByName("postgres");
        GroupPrincipal group = users.lookupPrincipalByGroupName("postgres");
        for (Path dir : dirs) {
            PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
            view.setOwner(postgres);
            view.setGroup(group);
        }
        return Optional.of("postgres");
    }

    private static List<String> command(Optional<String> runAs, String... command) {
        List<String> line = new ArrayList<>();
        runAs.ifPresent(
                user -> line.addAll(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--clear-groups", "--")));
        line.addAll(List.of(command));
        return line;
    }
}
