import { Splash } from '@/components/splash';

export function Component() {
  return <Splash />;
}
