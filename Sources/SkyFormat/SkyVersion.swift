/// Sky's release: `--version` prints it, and every summary and metrics file carries it, so a
/// report from another build can be told apart.
public enum SkyVersion {
    public static let current = "0.1.0"
}
