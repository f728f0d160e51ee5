package dev.agentfsm.journal;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret a keyed journal is signed with: each record then carries an HMAC-SHA256 of its contents,
 * chained to the record before it, so that a process holding the same key can tell that the journal
 * was written by a holder of the key, whole and in order. A record's CRC-32C checksum only shows that
 * the line was not damaged by accident: anyone who can edit the file can recompute it, and the MAC is
 * what refuses such an edit.
 *
 * <p>The key is never written to the journal, a log or a message: {@link #toString()} names only where
 * it came from.
 */
public final class JournalKey {
    /** The fewest bytes a key may have: 16, as an HMAC key shorter than that is guessable. */
    public static final int MIN_BYTES = 16;

    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec secret;
    private final String source;

    private JournalKey(byte[] secret, String source) {
        if (secret.length < MIN_BYTES) {
            throw new IllegalArgumentException("the journal key from " + source + " has " + secret.length
                    + " bytes; a key needs at least " + MIN_BYTES + " (use e.g. the output of 'openssl rand -hex 32')");
        }
        this.secret = new SecretKeySpec(secret.clone(), ALGORITHM);
        this.source = source;
    }

    /**
     * The key in the environment variable {@code name} (its UTF-8 bytes).
     *
     * @throws IllegalArgumentException if the variable is not set, or holds fewer than {@link #MIN_BYTES} bytes
     */
    public static JournalKey fromEnvironment(String name) {
        Objects.requireNonNull(name, "name");
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("the environment variable " + name + " that should hold the journal's"
                    + " key is not set; export it (e.g. " + name + "=$(openssl rand -hex 32)) in the process that"
                    + " writes the journal and in the one that resumes it");
        }
        return new JournalKey(value.getBytes(StandardCharsets.UTF_8), "environment variable " + name);
    }

    /**
     * A key given as bytes; {@code source} says where it came from, for messages.
     *
     * @throws IllegalArgumentException if it has fewer than {@link #MIN_BYTES} bytes
     */
    public static JournalKey of(byte[] secret, String source) {
        return new JournalKey(Objects.requireNonNull(secret, "secret"), Objects.requireNonNull(source, "source"));
    }

    /** The MAC of a record's contents {@code body}, chained to the MAC of the record before it ({@code ""} for the first). */
    String mac(String previous, String body) {
        byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
        return mac(previous, utf8, utf8.length);
    }

    /** As {@link #mac(String, String)}, of the contents' first {@code length} bytes of UTF-8 in {@code body}. */
    String mac(String previous, byte[] body, int length) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(secret);
            mac.update(previous.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) '\n');
            mac.update(body, 0, length);
            return HexFormat.of().formatHex(mac.doFinal());
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java platform has " + ALGORITHM, e);
        }
    }

    /** Whether two MACs are equal, compared in constant time. */
    static boolean same(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }

    /** Where the key came from; never the key. */
    @Override
    public String toString() {
        return "JournalKey[" + source + "]";
    }
}
