package dev.agentfsm.journal.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The store's two tables as {@code schema.sql} makes them, checked where they already exist: a table of that
 * name made by hand or for something else (another column type, no primary key, a view) would refuse records
 * late, or keep them changed; a role without the grants would fail at its first claim. Both are told when the
 * store is made, naming the table, what differs and the fix.
 */
final class Tables {
    private static final String JOURNAL = "agentfsm_journal";
    private static final String RECORD = "agentfsm_journal_record";
    /** Each table's columns and their types as {@code format_type} writes them, in the schema's order. */
    private static final Map<String, Map<String, String>> COLUMNS = Map.of(
            JOURNAL,
                    columns(
                            "journal",
                            "text",
                            "holder",
                            "text",
                            "holder_backend",
                            "integer",
                            "claimed",
                            "timestamp with time zone"),
            RECORD, columns("journal", "text", "n", "integer", "line", "text"));

    private static final Map<String, List<String>> PRIMARY_KEYS =
            Map.of(JOURNAL, List.of("journal"), RECORD, List.of("journal", "n"));
    /** What a writer does: claims (an upsert, and reading the holder), reads and inserts records. */
    private static final Map<String, List<String>> PRIVILEGES =
            Map.of(JOURNAL, List.of("SELECT", "INSERT", "UPDATE"), RECORD, List.of("SELECT", "INSERT"));

    private Tables() {}

    /** Whether both tables exist where the connection's {@code search_path} finds them. */
    static boolean exist(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT to_regclass('" + JOURNAL + "') IS NOT NULL AND"
                        + " to_regclass('" + RECORD + "') IS NOT NULL")) {
            rows.next();
            return rows.getBoolean(1);
        }
    }

    /** How the existing tables differ from {@code schema.sql}, or what this role may not do in them; empty if nothing. */
    static List<String> problems(Connection connection) throws SQLException {
        List<String> problems = new ArrayList<>();
        for (String table : List.of(JOURNAL, RECORD)) {
            Map<String, String> found = new LinkedHashMap<>();
            String kind = "";
            List<String> key = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT c.relkind, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_class c JOIN"
                            + " pg_attribute a ON a.attrelid = c.oid WHERE c.oid = to_regclass(?) AND a.attnum > 0"
                            + " AND NOT a.attisdropped ORDER BY a.attnum")) {
                select.setString(1, table);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        kind = rows.getString(1);
                        found.put(rows.getString(2), rows.getString(3));
                    }
                }
            }
            if (!kind.equals("r") && !kind.equals("p")) {
                problems.add(table + " is " + (kind.isEmpty() ? "missing" : "not a table (relkind " + kind + ")"));
                continue;
            }
            COLUMNS.get(table).forEach((column, type) -> {
                if (!found.containsKey(column)) {
                    problems.add(table + " has no column " + column + " (" + type + ")");
                } else if (!found.get(column).equals(type)) {
                    problems.add(table + "." + column + " is " + found.get(column) + ", not " + type);
                }
            });
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT a.attname FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum,"
                            + " ord) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum WHERE"
                            + " i.indisprimary AND i.indrelid = to_regclass(?) ORDER BY k.ord")) {
                select.setString(1, table);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        key.add(rows.getString(1));
                    }
                }
            }
            if (!key.equals(PRIMARY_KEYS.get(table))) {
                problems.add(
                        table + "'s primary key is " + (key.isEmpty() ? "missing" : "(" + String.join(", ", key) + ")")
                                + ", not (" + String.join(", ", PRIMARY_KEYS.get(table)) + ")");
            }
            List<String> missing = new ArrayList<>();
            for (String privilege : PRIVILEGES.get(table)) {
                try (PreparedStatement select = connection.prepareStatement("SELECT has_table_privilege(?, ?)")) {
                    select.setString(1, table);
                    select.setString(2, privilege);
                    try (ResultSet rows = select.executeQuery()) {
                        rows.next();
                        if (!rows.getBoolean(1)) {
                            missing.add(privilege);
                        }
                    }
                }
            }
            if (!missing.isEmpty()) {
                problems.add("this role (" + role(connection) + ") may not " + String.join(", ", missing) + " in "
                        + table + ": GRANT " + String.join(", ", PRIVILEGES.get(table)) + " ON " + table + " TO "
                        + role(connection));
            }
        }
        return problems;
    }

    private static String role(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT quote_ident(current_user)")) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static Map<String, String> columns(String... namesAndTypes) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            columns.put(namesAndTypes[i], namesAndTypes[i + 1]);
        }
        return columns;
    }
}
