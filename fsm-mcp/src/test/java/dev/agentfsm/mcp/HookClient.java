package dev.agentfsm.mcp;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A program that tells what the driver leaves registered with the JVM and what it starts while the JVM
 * exits: {@code java --add-opens java.base/java.lang=ALL-UNNAMED -cp <test class path>
 * dev.agentfsm.mcp.HookClient HOW}, HOW being {@code close} (prints {@code open: <hooks>} while a driver is
 * open and {@code closed: <hooks>} once it is closed, the names of the JVM's shutdown hooks) or
 * {@code at-exit} (connects from a shutdown hook of its own and prints {@code connected}, or
 * {@code refused: <reason>} and {@code children: <the pids of those still running>}).
 */
public final class HookClient {
    private static final McpOptions OPTIONS = McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60));

    private HookClient() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "close" -> {
                try (McpDriver driver = McpDriver.connect(HostileClient.endpoint("daemon", ""), OPTIONS)) {
                    System.out.println("open: " + hooks());
                }
                System.out.println("closed: " + hooks());
            }
            case "at-exit" -> Runtime.getRuntime().addShutdownHook(new Thread(HookClient::connectAtExit));
            default -> throw new IllegalArgumentException("HOW is close or at-exit, not " + args[0]);
        }
        System.out.flush();
    }

    private static void connectAtExit() {
        try (McpDriver driver = McpDriver.connect(HostileClient.endpoint("daemon", ""), OPTIONS)) {
            System.out.println("connected");
        } catch (Exception e) {
            System.out.println("refused: " + e.getMessage());
        }
        System.out.println("children: "
                + ProcessHandle.current()
                        .children()
                        .filter(ProcessTree::running)
                        .map(p -> Long.toString(p.pid()))
                        .collect(Collectors.joining(" ")));
        System.out.flush();
    }

    /** The names of the shutdown hooks registered, read from the JDK's own list. */
    private static String hooks() throws ReflectiveOperationException {
        Field field = Class.forName("java.lang.ApplicationShutdownHooks").getDeclaredField("hooks");
        field.setAccessible(true);
        Map<?, ?> hooks = (Map<?, ?>) field.get(null);
        synchronized (Class.forName("java.lang.ApplicationShutdownHooks")) {
            return hooks.keySet().stream()
                    .map(hook -> ((Thread) hook).getName())
                    .sorted()
                    .collect(Collectors.joining(" "));
        }
    }
}
