import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';

/** The profile page while it loads: the picture, the name and the detail rows. */
export function ProfileSkeleton() {
  return (
    <LoadingStatus className="space-y-6" data-testid="loading">
      <div className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5">
        <Skeleton className="h-24 w-24 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-64" />
        </div>
      </div>
      <div className="grid gap-4 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} className="h-10 w-full" />
        ))}
      </div>
    </LoadingStatus>
  );
}
