import { PAGES } from '@/config/navigation';
import { PlaceholderPage } from './placeholder-page';

export default function SimulatorRoute() {
  return (
    <PlaceholderPage
      {...PAGES.simulator}
      description="Aqui você poderá calcular o preço de venda a partir das milhas, das taxas de embarque, do markup e da RAV."
    />
  );
}
