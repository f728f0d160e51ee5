package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An Android phone as the {@link MobileAgent} sees it: what it observes each step (a screenshot, the
 * apps, the screen's controls with their bounds) and what its tools do (tap, swipe, type, press a
 * key, launch an app, click a control by id). Two drivers implement it: {@link AdbDriver}, the
 * {@code adb} command line (the default), and {@link MobileMcpDriver}, the MCP server
 * {@code @mobilenext/mobile-mcp}. {@link #builder()} chooses between them.
 *
 * <p>As for any {@link DeviceDriver}, what the LLM can correct (a stale control id, text that cannot
 * be typed, an app that is not installed) is a failed {@link ActionResult} with the reason, and a
 * device or server that cannot be used any more is a {@link DriverException}.
 *
 * <pre>{@code
 * try (MobileDevice phone = MobileDevice.builder()
 *         .mobileMcp(List.of("npx", "-y", "@mobilenext/mobile-mcp@1.0.4"))   // leave out for adb, the default
 *         .serial("emulator-5554")
 *         .connect()) {
 *     MobileAgent agent = MobileAgent.builder(phone, llm).build();
 * }
 * }</pre>
 */
public interface MobileDevice extends DeviceDriver {

    /** Starts choosing and configuring a device: adb unless {@link Builder#mobileMcp} says otherwise. */
    static Builder builder() {
        return new Builder();
    }

    /** The serial of the device every call targets, e.g. {@code emulator-5554}. */
    String serial();

    /** A screenshot as PNG, in the screen's own coordinates (those of the controls and of tap). */
    byte[] screenshot() throws DriverException;

    /**
     * The apps the prompt lists, sorted package names: for adb the third-party packages
     * ({@code pm list packages -3}), for mobile-mcp the packages with a launcher activity.
     */
    List<String> apps() throws DriverException;

    /** The controls on the screen, with the ids the LLM refers to them by (cached until an action runs). */
    List<Control> controls() throws DriverException;

    /** Taps the screen at ({@code x}, {@code y}). */
    ActionResult tap(int x, int y, Duration timeout) throws DriverException;

    /** Swipes from one point to another in {@code durationMs} milliseconds. */
    ActionResult swipe(int startX, int startY, int endX, int endY, int durationMs, Duration timeout)
            throws DriverException;

    /**
     * Types {@code text}, first tapping control {@code controlId} when one is given, and deleting the
     * current text first when {@code clearCurrentText} is true (where the driver can).
     */
    ActionResult typeText(
            String text,
            Optional<Integer> controlId,
            Optional<String> controlName,
            boolean clearCurrentText,
            Duration timeout)
            throws DriverException;

    /** Presses a key given as an Android {@code KEYCODE_*} name. */
    ActionResult pressKey(String keyCode, Duration timeout) throws DriverException;

    /** Starts an app by its package name or a word of one ("settings"). */
    ActionResult launchApp(String app, Duration timeout) throws DriverException;

    /** Taps the centre of control {@code id}; refuses an id whose controls are stale. */
    ActionResult clickControl(int id, Optional<String> name, Duration timeout) throws DriverException;

    /** Forgets cached data: {@code controls} (or {@code ui_tree}), {@code apps}, {@code device_info} or {@code all}. */
    ActionResult invalidateCache(String cacheType);

    /**
     * Chooses the driver ({@link #adb()}, the default, or {@link #mobileMcp(List)} with the server's
     * command) and configures what both share: the device, the environment, the time-outs and how
     * long controls stay fresh. The same settings make an {@link AdbDriver} itself with
     * {@link AdbDriver#connect(Builder)}.
     */
    final class Builder {
        /** Which driver {@link #connect()} makes. */
        enum Kind {
            ADB,
            MOBILE_MCP
        }

        Kind kind = Kind.ADB;
        List<String> serverCommand = List.of();
        Optional<Path> serverDirectory = Optional.empty();
        Optional<String> serial = Optional.empty();
        Optional<Path> adbExecutable = Optional.empty();
        Map<String, String> environment = System.getenv();
        Duration commandTimeout = Duration.ofSeconds(20);
        Duration startTimeout = Duration.ofSeconds(30);
        Duration controlsTtl = Duration.ofSeconds(5);
        Duration tapSettle = Duration.ofMillis(200);
        Clock clock = Clock.systemUTC();

        private Builder() {}

        /** Drives the device through the {@code adb} command line ({@link AdbDriver}); the default. */
        public Builder adb() {
            this.kind = Kind.ADB;
            this.serverCommand = List.of();
            return this;
        }

        /**
         * Drives the device through {@code @mobilenext/mobile-mcp} ({@link MobileMcpDriver}), started with
         * {@code command} and spoken to over stdio, e.g. {@code ["npx", "-y", "@mobilenext/mobile-mcp@1.0.4"]}
         * or the path of an installed {@code mcp-server-mobile}.
         */
        public Builder mobileMcp(List<String> command) {
            List<String> copy = List.copyOf(command);
            if (copy.isEmpty() || copy.get(0).isBlank()) {
                throw new IllegalArgumentException("mobile-mcp's command is empty; give the program to start, e.g."
                        + " [npx, -y, @mobilenext/mobile-mcp@1.0.4] or the path of mcp-server-mobile");
            }
            this.kind = Kind.MOBILE_MCP;
            this.serverCommand = copy;
            return this;
        }

        /** The working directory of the mobile-mcp server; the process's own by default. */
        public Builder serverDirectory(Path directory) {
            this.serverDirectory = Optional.of(Objects.requireNonNull(directory, "directory"));
            return this;
        }

        /** The device to drive; without one, the only connected Android device. */
        public Builder serial(String serial) {
            this.serial = Optional.of(Objects.requireNonNull(serial, "serial"));
            return this;
        }

        /** Uses this adb instead of looking for one in the environment; mobile-mcp finds its own there. */
        public Builder adbExecutable(Path executable) {
            this.adbExecutable = Optional.of(Objects.requireNonNull(executable, "executable"));
            return this;
        }

        /**
         * The environment adb is looked for in ({@code ANDROID_HOME}, {@code ANDROID_SDK_ROOT},
         * {@code PATH}) and that adb or the mobile-mcp server runs with; the process's own by default.
         */
        public Builder environment(Map<String, String> environment) {
            this.environment = Map.copyOf(environment);
            return this;
        }

        /** The most one adb call, or one call of a mobile-mcp tool, may take (default 20 s). */
        public Builder commandTimeout(Duration timeout) {
            this.commandTimeout = positive(timeout, "commandTimeout");
            return this;
        }

        /** How long starting mobile-mcp and its handshake may take (default 30 s); adb ignores it. */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = positive(timeout, "startTimeout");
            return this;
        }

        /**
         * How long controls stay fresh, and so how long a control id may be clicked after it was read
         * (UFO: 5 s). Raise it when the model takes longer than that to answer.
         */
        public Builder controlsTtl(Duration ttl) {
            this.controlsTtl = positive(ttl, "controlsTtl");
            return this;
        }

        /** How long to wait after tapping a text field before typing (UFO: 0.2 s). */
        public Builder tapSettle(Duration settle) {
            if (settle.isNegative()) {
                throw new IllegalArgumentException("tapSettle must not be negative; got " + settle);
            }
            this.tapSettle = settle;
            return this;
        }

        /** The clock the caches read; the system clock by default. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Connects to the device through the chosen driver.
         *
         * @throws DriverException when adb or the server cannot be started, or the device is missing,
         *     unauthorized or offline ({@link DeviceUnavailableException})
         */
        public MobileDevice connect() throws DriverException {
            if (kind == Kind.MOBILE_MCP) {
                return MobileMcpDriver.connect(this);
            }
            return AdbDriver.connect(this);
        }

        private static Duration positive(Duration value, String name) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(name + " must be positive; got " + value);
            }
            return value;
        }
    }
}
