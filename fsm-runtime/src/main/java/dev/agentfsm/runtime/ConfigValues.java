package dev.agentfsm.runtime;

import dev.agentfsm.runtime.RuntimeConfig.ConfigException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks and converts configuration values, naming the key (or environment variable), the value and
 * what is allowed when one is bad. Shared by the YAML reader, the environment overrides and
 * {@link RuntimeConfig}'s own constructor, so each rule is written once.
 */
final class ConfigValues {
    static final String WHOLE_NUMBER = "a whole number";
    static final String BOOLEAN = "true or false";
    static final String DURATION = "a duration greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S";
    /** The longest duration any key takes: longer ones are mistakes, and overflow in nanoseconds arithmetic. */
    static final Duration MAX_DURATION = Duration.ofHours(24);

    static final String DURATION_RANGE = "a duration greater than zero and at most 24h (PT24H)";
    static final String HTTP_URL = "an http:// or https:// URL, such as http://localhost:11434/v1";
    static final String HTTP_URL_WITHOUT_USER = "an http:// or https:// URL without a user name or password; the API"
            + " key goes in the environment variable llm.apiKeyEnv names";
    static final String MODEL = "a model name, such as gpt-4o or qwen2.5";
    static final String ENV_NAME = "the name of an environment variable, such as OPENAI_API_KEY";

    static final String BYTES = "a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB";
    static final String PATH = "a directory path, such as /var/tmp/agent-fsm";

    /**
     * The patterns of the values read as text, compiled on the first such read: checking a
     * configuration built in code (every agent's {@link RuntimeConfig#defaults()}) compiles no regular
     * expression, which at a cold start costs milliseconds (and the first lambdas of the JVM).
     */
    private static final class Patterns {
        static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*(KiB|MiB|GiB)?");
        static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");
        /** The user-info of a URL ({@code user:password@}), to keep it out of messages. */
        static final Pattern USER_INFO = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@");

        static final Pattern ENV_VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    }

    /**
     * A key, as the runtime's YAML spells it, and the name an error message gives it: the key itself for
     * YAML and code, the {@code AGENTFSM_*} variable for the environment. The error carries the key either way.
     */
    record Setting(String key, String name) {
        static Setting of(String key) {
            return new Setting(key, key);
        }
    }

    private ConfigValues() {}

    /**
     * The error for a bad {@code value} of {@code setting}; the message quotes text, and shows {@code null}
     * for no value at all.
     */
    static ConfigException bad(Setting setting, Object value, String allowed) {
        String shown = value instanceof String text ? '"' + text + '"' : String.valueOf(value);
        return new ConfigException(
                setting.key(),
                value == null ? null : String.valueOf(value),
                allowed,
                setting.name() + ": " + shown + " is not allowed; expected " + allowed);
    }

    static String atLeast(int min) {
        return WHOLE_NUMBER + ", at least " + min;
    }

    static int atLeast(Setting setting, int value, int min) {
        if (value < min) {
            throw bad(setting, value, atLeast(min));
        }
        return value;
    }

    static String range(long min, long max) {
        return WHOLE_NUMBER + " from " + min + " to " + max;
    }

    static String bytesRange(long min, long max) {
        return BYTES + ", from " + size(min) + " to " + size(max);
    }

    /** {@code value} when it is from {@code min} to {@code max}; the error names the key, the value and the range. */
    static int inRange(Setting setting, int value, int min, int max) {
        if (value < min || value > max) {
            throw bad(setting, value, range(min, max));
        }
        return value;
    }

    /** A number of bytes from {@code min} to {@code max}; the error shows them as sizes. */
    static long inRange(Setting setting, long bytes, long min, long max) {
        if (bytes < min || bytes > max) {
            throw bad(setting, bytes, bytesRange(min, max));
        }
        return bytes;
    }

    static int wholeNumber(Setting setting, String text, int min, int max) {
        try {
            return inRange(setting, Integer.parseInt(text.trim()), min, max);
        } catch (NumberFormatException e) {
            throw bad(setting, text, range(min, max));
        }
    }

    /** {@code 65536}, {@code 512KiB}, {@code 64MiB} or {@code 1GiB}, from {@code min} to {@code max} bytes. */
    static long bytes(Setting setting, String text, long min, long max) {
        Matcher size = Patterns.SIZE.matcher(text.trim());
        if (!size.matches()) {
            throw bad(setting, text, bytesRange(min, max));
        }
        long amount = Long.parseLong(size.group(1));
        long unit = size.group(2) == null
                ? 1
                : switch (size.group(2)) {
                    case "KiB" -> 1024L;
                    case "MiB" -> 1024L * 1024;
                    default -> 1024L * 1024 * 1024;
                };
        if (amount > Long.MAX_VALUE / unit || amount * unit < min || amount * unit > max) {
            throw bad(setting, text, bytesRange(min, max));
        }
        return amount * unit;
    }

    /** A size as people write it: {@code 64 KiB}, {@code 2 GiB}, or bytes when it is not a whole number of KiB. */
    static String size(long bytes) {
        if (bytes % (1024L * 1024 * 1024) == 0) {
            return bytes / (1024L * 1024 * 1024) + " GiB";
        }
        if (bytes % (1024L * 1024) == 0) {
            return bytes / (1024L * 1024) + " MiB";
        }
        if (bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " bytes";
    }

    static Path path(Setting setting, String text) {
        if (text == null || text.isBlank()) {
            throw bad(setting, text, PATH);
        }
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw bad(setting, text, PATH + " (" + e.getReason() + ")");
        }
    }

    static int wholeNumber(Setting setting, String text, int min) {
        try {
            return atLeast(setting, Integer.parseInt(text.trim()), min);
        } catch (NumberFormatException e) {
            throw bad(setting, text, atLeast(min));
        }
    }

    static boolean bool(Setting setting, String text) {
        String value = text.trim();
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw bad(setting, text, BOOLEAN);
    }

    /** {@code 500ms}, {@code 60s}, {@code 2m}, {@code 1h}, or ISO-8601 ({@code PT1M30S}); greater than zero, at most 24h. */
    static Duration duration(Setting setting, String text) {
        String value = text.trim();
        Duration duration;
        Matcher shortForm = Patterns.SHORT_DURATION.matcher(value);
        try {
            if (shortForm.matches()) {
                if (shortForm.group(1).length() > 18) {
                    throw bad(setting, text, DURATION_RANGE); // more digits than a long holds
                }
                long amount = Long.parseLong(shortForm.group(1));
                duration = switch (shortForm.group(2)) {
                    case "ms" -> Duration.ofMillis(amount);
                    case "s" -> Duration.ofSeconds(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    default -> Duration.ofHours(amount);
                };
            } else {
                duration = Duration.parse(value);
            }
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
            throw bad(setting, text, DURATION);
        }
        return inRange(setting, duration, text);
    }

    /** {@code duration} when it is greater than zero and at most {@link #MAX_DURATION}; {@code shown} is the value named otherwise. */
    static Duration inRange(Setting setting, Duration duration, Object shown) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw bad(setting, shown, DURATION);
        }
        if (duration.compareTo(MAX_DURATION) > 0) {
            throw bad(setting, shown, DURATION_RANGE);
        }
        return duration;
    }

    /**
     * An http or https URL with a host and without user-info: a {@code user:password@} would be sent to
     * nobody (the key goes in a header) but shown in every message naming the URL, so it is refused, and
     * never echoed.
     */
    static String httpUrl(Setting setting, String text) {
        Matcher userInfo = Patterns.USER_INFO.matcher(text);
        if (userInfo.find()) {
            String shown = userInfo.replaceFirst("$1***@");
            throw new ConfigException(
                    setting.key(),
                    shown,
                    HTTP_URL_WITHOUT_USER,
                    setting.name() + ": \"" + shown + "\" is not allowed; the URL holds"
                            + " a user name or password (shown as ***): remove it, and name the environment variable holding"
                            + " the API key in llm.apiKeyEnv");
        }
        try {
            URI uri = new URI(text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null
                    && uri.getRawUserInfo() == null) {
                return text;
            }
        } catch (URISyntaxException e) {
            // reported below, with the value
        }
        throw bad(setting, withoutUserInfo(text), HTTP_URL);
    }

    /**
     * {@code text}, a URL refused for another reason, with what may be a user name and password before an
     * {@code @} shown as {@code ***}: {@code user:key@host/v1} without its scheme, {@code https//u:p@h} or
     * {@code https://u:p@h} with a space in front is no URL, but its password is still one.
     */
    private static String withoutUserInfo(String text) {
        // over-masking a refused value costs nothing; a password shown is leaked to every log that keeps it
        int at = text.lastIndexOf('@', indexOfAny(text, "?#", 0) - 1);
        if (at < 0) {
            return text;
        }
        int scheme = text.indexOf("://");
        int start = scheme >= 0 && scheme + 3 <= at ? scheme + 3 : 0;
        return text.substring(0, start) + "***" + text.substring(at);
    }

    /** The first index at or after {@code from} of one of {@code chars}, or the text's length. */
    private static int indexOfAny(String text, String chars, int from) {
        for (int i = from; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return text.length();
    }

    static String model(Setting setting, String text) {
        if (text == null || text.isBlank()) {
            throw bad(setting, text, MODEL);
        }
        return text;
    }

    /**
     * The name of the environment variable that holds the API key. A value that is no such name is never shown:
     * it is often the key itself, written where its variable's name goes.
     */
    static String envName(Setting setting, String text) {
        if (text == null) {
            throw bad(setting, null, ENV_NAME);
        }
        if (!Patterns.ENV_VARIABLE.matcher(text).matches()) {
            throw new ConfigException(
                    setting.key(),
                    "***",
                    ENV_NAME,
                    setting.name() + ": *** (" + text.length() + " characters, not shown: it may be the API key"
                            + " itself) is not allowed; expected " + ENV_NAME + ", whose value is the key");
        }
        return text;
    }
}
