/** A person's avatar: their picture, or the first letter of their name on the brand colour. */
export function Avatar({
  user,
  className = "size-9",
  testId = "header-avatar",
}: {
  user: { email: string; avatarUrl?: string | null; displayName?: string | null };
  className?: string;
  testId?: string;
}) {
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        width={36}
        height={36}
        className={`${className} rounded-full object-cover`}
        data-testid={testId}
      />
    );
  }
  return (
    <span
      className={`flex ${className} items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}
    >
      {(user.displayName || user.email).charAt(0).toUpperCase()}
    </span>
  );
}
